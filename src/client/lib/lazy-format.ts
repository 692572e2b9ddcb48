/**
 * A value made at its first use, not when its module loads. For Intl formatters (Entscheidung
 * LIB-8): building one loads the locale's data (~30–60 ms at 4× CPU), and a module
 * that holds a formatter is often loaded by a screen that formats nothing with it (the dashboard's
 * rhythm for a podcast without a feed, the tips' dates before a tip shows).
 */
export function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const dateTime = lazily(
  () =>
    new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'short' }),
);

/**
 * An instant (ISO text or epoch ms) as German date and time in Berlin: '27.11.2026, 02:10'. One
 * formatter for every call: an experiment's activity built one per entry, 60 ms of its first render
 * at 4× CPU.
 */
export const germanDateTime = (instant: string | number) => dateTime().format(new Date(instant));
