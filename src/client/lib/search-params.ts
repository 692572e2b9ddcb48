// Typed search params without zod: zod stays off the first paint (it loads with the forms).
// The router hands us the params as strings (router.ts); anything else counts as missing.

/** A string param, '' when missing. */
export const textParam = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A positive integer id param (decimal digits), undefined when missing or malformed. */
export function idParam(value: unknown): number | undefined {
  const text = textParam(value);
  if (!/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= 2 ** 31 - 1 ? id : undefined;
}

/** One of the allowed keys, undefined otherwise (a stale or hand-edited URL drops the filter). */
export function oneOf<const K extends string>(value: unknown, keys: readonly K[]): K | undefined {
  const text = textParam(value);
  return (keys as readonly string[]).includes(text) ? (text as K) : undefined;
}

/** A comma-separated list of slugs (lowercase letters, digits, dashes), undefined when empty. */
export function slugListParam(value: unknown): string | undefined {
  const slugs = textParam(value)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^[a-z0-9][a-z0-9-]{0,63}$/.test(s));
  return slugs.length ? [...new Set(slugs)].join(',') : undefined;
}
