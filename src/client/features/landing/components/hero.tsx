import { Link } from '@tanstack/react-router';
import { twemojiUrl } from '../../../../shared/twemoji.ts';
import { buttonClass } from '../../../components/button.tsx';
import { Island } from '../../../components/islands.tsx';
import { links } from '../../../lib/links.ts';

const samples = [
  { emoji: '📝', title: 'Shownotes mit Kapitelmarken', match: 94 },
  { emoji: '🎤', title: 'Gastauftritte in passenden Podcasts', match: 91 },
  { emoji: '🔄', title: 'Trailer-Tausch mit verwandten Shows', match: 86 },
];

function MethodPreview() {
  return (
    <ul aria-label="Beispiele für Methoden" className="space-y-3">
      {samples.map((s) => (
        <li
          key={s.title}
          className="flex items-center gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200"
        >
          <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50">
            <img src={twemojiUrl(s.emoji)} alt="" className="size-7" />
          </span>
          <span className="flex-1 text-sm font-semibold text-slate-900">{s.title}</span>
          <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-bold text-amber-900">
            {s.match} %<span className="sr-only"> passend</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

export function Hero() {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-slate-50">
      <div className="mx-auto grid max-w-5xl items-center gap-10 px-4 py-12 md:grid-cols-2 md:py-20">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">Kompass Studio</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Lass deinen Podcast wachsen.
          </h1>
          <p className="mt-5 text-lg text-slate-700">
            99 erprobte Wachstumsmethoden, sortiert nach dem, was deinem Podcast jetzt am meisten bringt.
            Starte Experimente, miss die Wirkung und hol dir Tipps von der Kompass-KI.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/setup" className={buttonClass('primary')}>
              Kostenlos registrieren
            </Link>
            <a href={links.demo} className={buttonClass('secondary')}>
              Demo buchen
            </a>
          </div>
          <p className="mt-4 text-sm text-slate-600">30 Tage Studio Pro gratis testen, ohne Zahlungsdaten.</p>
          <Island name="install" props={{}} />
        </div>
        <MethodPreview />
      </div>
    </section>
  );
}
