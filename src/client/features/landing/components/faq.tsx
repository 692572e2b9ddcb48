import { formatEuro, offerings } from '../../../../shared/offerings.ts';
import { links } from '../../../lib/links.ts';

// The prices come from the offerings, as on the pricing cards and the conversion page, so the
// FAQ can never name another price (Entscheidung CLI-13).
const pro = offerings.pro_one;

export const questions = [
  {
    q: 'Was kostet Kompass Studio?',
    a: `Studio Basic ist kostenlos. Jeder neue Podcast bekommt 30 Tage Studio Pro zum Ausprobieren, danach kostet Studio Pro ${formatEuro(pro.monthly)} im Monat oder ${formatEuro(pro.annual)} im Jahr.`,
  },
  {
    q: 'Endet die Testphase automatisch?',
    a: 'Ja. Nach 30 Tagen wechselt dein Podcast von selbst zu Studio Basic. Du gehst kein Abo ein und gibst keine Zahlungsdaten an.',
  },
  {
    q: 'Für wen ist Kompass Studio gedacht?',
    a: 'Für alle, die einen Podcast machen oder betreuen: Hobby-Podcaster*innen, Creator, Inhouse-Produktionen und Profis aus der Branche.',
  },
  {
    q: 'Brauche ich schon einen veröffentlichten Podcast?',
    a: 'Nein. Du kannst auch vor dem Start loslegen. Hast du schon einen RSS-Feed, übernehmen wir die Angaben daraus.',
  },
  {
    q: 'Kann ich mit meinem Team arbeiten?',
    a: 'Ja. Du lädst Coworker*innen zu deinem Podcast ein und legst fest, welche Rolle sie haben.',
  },
  {
    q: 'Funktioniert Kompass Studio auf dem Handy?',
    a: 'Ja. Du kannst die App auf deinem Startbildschirm installieren und Methoden auch ohne Internetverbindung lesen.',
  },
];

export function Faq() {
  return (
    <section aria-labelledby="faq" className="mx-auto max-w-3xl px-4 py-14">
      <h2 id="faq" className="text-3xl font-bold text-slate-900">
        Häufige Fragen
      </h2>
      <div className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {questions.map(({ q, a }) => (
          <details key={q} className="group px-5 py-2">
            <summary className="flex min-h-11 cursor-pointer py-1 list-none items-center justify-between gap-4 font-semibold text-slate-900">
              {q}
              <span
                aria-hidden="true"
                className="text-xl text-brand-700 transition-transform group-open:rotate-45"
              >
                +
              </span>
            </summary>
            <p className="mt-1 pb-2 text-slate-700">{a}</p>
          </details>
        ))}
      </div>
      <p className="mt-6 text-slate-700">
        Noch Fragen?{' '}
        <a
          href={links.help}
          className="font-semibold text-brand-800 underline"
          target="_blank"
          rel="noreferrer"
        >
          Zum Hilfe-Center
        </a>
      </p>
    </section>
  );
}
