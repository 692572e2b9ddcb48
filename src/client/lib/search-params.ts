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
