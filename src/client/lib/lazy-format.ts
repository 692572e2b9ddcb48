/**
 * A value made at its first use, not when its module loads. For Intl formatters (decision
 * 2026-11-26, issue 25): building one loads the locale's data (~30–60 ms at 4× CPU), and a module
 * that holds a formatter is often loaded by a screen that formats nothing with it (the dashboard's
 * rhythm for a podcast without a feed, the tips' dates before a tip shows).
 */
export function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
