// The figures of 'Wirkung' as the server's sentences and the client's card write them, so both
// read alike (Entscheidung SHR-4): one minus sign, U+2212 „−“, never the hyphen „-“ that
// Intl.NumberFormat('de-DE') writes; a non-breaking space between a number and its „%“, so a
// phone's line never breaks inside „−4 %“. Zod-free: the client's card imports it.

export const MINUS = '\u2212';
export const NBSP = '\u00a0';

const grouped = new Map<number, Intl.NumberFormat>();
const german = (digits: number) => {
  let format = grouped.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('de-DE', { maximumFractionDigits: digits });
    grouped.set(digits, format);
  }
  return format;
};

/** 1234.5 → '1.235'; −3 → '−3'. */
export function count(n: number, digits = 0) {
  const text = german(digits).format(Math.abs(n));
  return n < 0 && text !== '0' ? `${MINUS}${text}` : text;
}

/** +12 → '+12', −3 → '−3', 0 → '±0'. */
export function signedCount(n: number, digits = 0) {
  const text = german(digits).format(Math.abs(n));
  if (text === '0') return '±0';
  return `${n > 0 ? '+' : MINUS}${text}`;
}

/** A fraction in percent with its sign: 0.18 → '+18 %', −0.04 → '−4 %', 0 → '±0 %'. */
export function signedPercent(fraction: number, digits = 0) {
  const scale = 10 ** digits;
  return `${signedCount(Math.round(fraction * 100 * scale) / scale, digits)}${NBSP}%`;
}

/** '90 %-Intervall: −6 % bis +12 %' (the 90 % interval of a relative effect). */
export function intervalText(interval: readonly [number, number]) {
  return `90${NBSP}%-Intervall: ${signedPercent(interval[0])} bis ${signedPercent(interval[1])}`;
}
