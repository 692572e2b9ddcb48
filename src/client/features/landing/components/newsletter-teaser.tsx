import { buttonClass } from '../../../components/button.tsx';
import { Island } from '../../../components/islands.tsx';
import { links } from '../../../lib/links.ts';

/** Newsletter teaser and the demo booking link (§1). */
export function NewsletterTeaser() {
  return (
    <section aria-labelledby="newsletter" className="mx-auto max-w-5xl px-4 pb-16">
      <div className="grid gap-6 rounded-3xl bg-brand-800 p-6 text-white sm:p-10 md:grid-cols-2">
        <div>
          <h2 id="newsletter" className="text-2xl font-bold">
            Wachstumstipps per Newsletter
          </h2>
          <p className="mt-3 text-brand-50">
            Einmal im Monat: neue Methoden, Erfahrungen aus Experimenten und Neuigkeiten aus dem Studio.
          </p>
          <Island name="newsletter" props={{ tone: 'dark' }} />
        </div>
        <div className="border-t border-white/20 pt-6 md:border-t-0 md:border-l md:pt-0 md:pl-6">
          <h2 className="text-2xl font-bold">Lieber persönlich?</h2>
          <p className="mt-3 text-brand-50">
            Wir zeigen dir Kompass Studio in einer halben Stunde und beantworten deine Fragen.
          </p>
          <a href={links.demo} className={buttonClass('secondary', 'mt-6')}>
            Demo buchen
          </a>
        </div>
      </div>
    </section>
  );
}
