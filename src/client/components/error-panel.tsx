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

/** How browsers say that a screen's code could not be loaded (Chromium, Safari, Firefox). */
const CHUNK_FAILED = /dynamically imported module|Importing a module script failed|Failed to fetch/i;

/**
 * Offline, a screen whose code is not on the device yet is no unexpected error: it needs a
 * connection once (Entscheidung CLI-4). The app stores every screen's code after a visit
 * online (lib/warm-screens.ts); until then this says so plainly.
 */
export const needsConnection = (error: unknown) =>
  !navigator.onLine || (error instanceof Error && CHUNK_FAILED.test(error.message));

function ConnectionPanel({ level = 1 }: Props) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="rounded-2xl border border-amber-200 bg-white p-5 shadow-sm sm:p-8">
      <Heading className="text-xl font-bold text-slate-900">
        Diese Seite braucht einmal eine Verbindung
      </Heading>
      <p className="mt-3 text-slate-700">
        Sie ist noch nicht auf deinem Gerät gespeichert. Öffne sie einmal mit Internetverbindung, danach
        funktioniert sie auch offline.
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-5 inline-flex min-h-11 items-center rounded-xl bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900"
      >
        Erneut versuchen
      </button>
    </section>
  );
}

/** The generic unexpected-error panel of §8, with its 'Fehler melden' mail link. */
export function ErrorPanel({ level = 1, error }: Props) {
  if (needsConnection(error)) return <ConnectionPanel level={level} />;
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
