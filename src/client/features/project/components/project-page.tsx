import { Link } from '@tanstack/react-router';
import { NewsletterForm } from '../../../components/newsletter-form.tsx';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { links } from '../../../lib/links.ts';

const TITLE = 'Über das Projekt';

function ProjectContent({ level }: { level: 'page' | 'app' }) {
  useDocumentTitle(TITLE);
  return (
    <article className="space-y-8">
      <h1 className={`font-bold text-slate-900 ${level === 'page' ? 'text-3xl' : 'text-2xl'}`}>{TITLE}</h1>
      <section className="space-y-3 leading-7 text-slate-700">
        <p>
          Kompass Studio hilft Podcaster*innen, ihren Podcast planvoll wachsen zu lassen: mit 99 erprobten
          Methoden, Experimenten mit klarem Anfang und Ende und Tipps der Kompass-KI.
        </p>
        <p>
          Das Projekt ist aus der Podcast-Szene entstanden und wurde von Unterstützer*innen einer
          Crowdfunding-Kampagne mitfinanziert. Sie haben lebenslangen Zugang zum Studio.
        </p>
        <p>
          Was wir zuletzt verändert haben und was als Nächstes kommt, steht im{' '}
          <Link to="/changelog" className="font-medium text-brand-800 underline">
            Changelog
          </Link>
          .
        </p>
      </section>
      <section aria-labelledby="newsletter" className="rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="newsletter" className="text-xl font-semibold text-slate-900">
          Newsletter
        </h2>
        <p className="mt-2 text-slate-700">
          Einmal im Monat: neue Methoden, Erfahrungen aus Experimenten und Neuigkeiten aus dem Studio. Du
          bekommst eine E-Mail mit einem Bestätigungslink; erst danach schicken wir dir den Newsletter.
        </p>
        <NewsletterForm />
      </section>
      <section aria-labelledby="social">
        <h2 id="social" className="text-xl font-semibold text-slate-900">
          Folge uns
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {links.social.map((s) => (
            <li key={s.label}>
              <a
                href={s.href}
                target="_blank"
                rel="noreferrer"
                className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 font-medium text-slate-800 hover:border-brand-600"
              >
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}

/** /project: public, linked from the footer. */
export function ProjectPage() {
  return (
    <PublicLayout>
      <div className="mx-auto max-w-3xl px-4 py-10">
        <ProjectContent level="page" />
      </div>
    </PublicLayout>
  );
}

/** /app/project: the same inside the app's frame. */
export function AppProjectPage() {
  return <ProjectContent level="app" />;
}
