import { supportEmail } from '../lib/links.ts';

type Props = {
  /** h1 when the panel is the whole page, h2 inside a page that has its own heading. */
  level?: 1 | 2;
  error?: unknown;
};

function reportLink(error: unknown) {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : '';
  const body = `Seite: ${window.location.href}\nZeit: ${new Date().toISOString()}\n${detail}\n\nWas hast du gerade gemacht?\n`;
  const subject = 'Fehler in Kompass Studio';
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** The generic unexpected-error panel of §8, with its 'Fehler melden' mail link. */
export function ErrorPanel({ level = 1, error }: Props) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="rounded-2xl border border-red-200 bg-white p-5 shadow-sm sm:p-8">
      <Heading className="text-xl font-bold text-slate-900">
        Es ist zu einem unerwarteten Fehler gekommen
      </Heading>
      <p className="mt-3 text-slate-700">
        Das hätte nicht passieren sollen. Bitte melde uns den Fehler, damit wir ihn so schnell wie möglich
        beheben können.
      </p>
      <a
        href={reportLink(error)}
        className="mt-5 inline-flex min-h-11 items-center rounded-xl bg-red-700 px-5 font-semibold text-white hover:bg-red-800"
      >
        Fehler melden
      </a>
    </section>
  );
}
