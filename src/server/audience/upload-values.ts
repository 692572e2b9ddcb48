// Reading the dates and numbers of an uploaded export, German and English alike. Each reader is
// made for one whole column, because a single cell can be ambiguous where the column is not.
//
// Entscheidung AUD-15, its rules:
// - Dates: `2026-12-01` (a time after it is ignored: the file's own days count), `01.12.2026`,
//   `1.12.26`, `01-12-2026` (day first), `Dec 1, 2026`, `1. Dezember 2026`, and slashes, which
//   are US month/day/year (`12/01/2026`) or day/month/year. The column decides: a first part
//   above 12 anywhere means day first, a second part above 12 means month first; when every value
//   fits both, the order under which the sorted days lie closer together wins (a daily export's
//   days follow each other), and month first (the US order) on a tie.
// - Numbers: `1.234`, `1,234`, `1.234,5`, `1,234.5`, `1 234`, `12 %`. Whether `,` is the decimal
//   mark is decided from the whole column: a cell with both marks tells (the last one is the
//   decimal mark), a single mark with other than three digits after it or after a lone 0 is a
//   decimal mark, a mark that repeats is a thousands separator. A column where every mark sits
//   before exactly three digits (`1.234` in a German file, `1,234` in an English one) reads them as
//   thousands separators: counts are whole numbers.
// - `20260901` (Apple Podcasts Connect's reports) is a date only where every filled cell of the
//   column is such a valid date: a lone 8-digit cell is a number.
// - An empty cell, `-`, `–`, `n/a`, `k. A.` is no figure (null), not an error and never 0.

const MONTHS: Record<string, number> = {
  jan: 1,
  jän: 1,
  feb: 2,
  mar: 3,
  mär: 3,
  mrz: 3,
  apr: 4,
  may: 5,
  mai: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  okt: 10,
  nov: 11,
  dec: 12,
  dez: 12,
};

const TIME = String.raw`(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}:?\d{2}|UTC)?)?`;
const ISO = new RegExp(String.raw`^(\d{4})[-/](\d{1,2})[-/](\d{1,2})${TIME}$`);
const DAY_FIRST = new RegExp(String.raw`^(\d{1,2})[.-](\d{1,2})[.-](\d{4}|\d{2})${TIME}$`);
const SLASH = new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{4}|\d{2})${TIME}$`);
const DAY_MONTH_NAME = /^(\d{1,2})\.?\s+([a-zäA-ZÄ]{3,})\.?\s+(\d{4})$/;
const MONTH_NAME_DAY = /^([a-zA-Z]{3,})\.?\s+(\d{1,2}),?\s+(\d{4})$/;
const WEEKDAY = /^[a-zA-ZäÄ]{2,10}\.?,\s*/;

const BLANK = /^(?:-|–|—|n\/?a|k\.\s?a\.?|null|none)?$/i;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

// Without a Date object: a whole column is read cell by cell, and this is its hot path.
function isoDay(year: number, month: number, day: number): string | null {
  if (year < 100) year += 2000;
  if (!(year >= 1990 && year <= 2100 && month >= 1 && month <= 12 && day >= 1)) return null;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const last = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  return day <= last ? `${year}-${pad(month)}-${pad(day)}` : null;
}

function monthOf(name: string) {
  return MONTHS[name.toLowerCase().slice(0, 3)] ?? null;
}

/** A match's groups as numbers (a missing group is NaN, which no date accepts). */
function parts(m: RegExpExecArray) {
  return [1, 2, 3].map((i) => Number(m[i])) as [number, number, number];
}

/** Reads one date cell; `slash` says how to read `a/b/y`. */
function readDate(cell: string, slash: 'md' | 'dm'): string | null {
  const text = cell.trim().replace(WEEKDAY, '');
  let m = ISO.exec(text);
  if (m) return isoDay(...parts(m));
  if ((m = DAY_FIRST.exec(text))) {
    const [d, mo, y] = parts(m);
    return isoDay(y, mo, d);
  }
  if ((m = SLASH.exec(text))) {
    const [a, b, y] = parts(m);
    return slash === 'md' ? isoDay(y, a, b) : isoDay(y, b, a);
  }
  if ((m = DAY_MONTH_NAME.exec(text))) {
    const month = monthOf(m[2] ?? '');
    return month ? isoDay(Number(m[3]), month, Number(m[1])) : null;
  }
  if ((m = MONTH_NAME_DAY.exec(text))) {
    const month = monthOf(m[1] ?? '');
    return month ? isoDay(Number(m[3]), month, Number(m[2])) : null;
  }
  return null;
}

/** A cell that reads as a date in either slash order (for telling a column's kind). */
export function looksLikeDate(cell: string) {
  return readDate(cell, 'md') !== null || readDate(cell, 'dm') !== null;
}

export function isBlank(cell: string) {
  return BLANK.test(cell.trim());
}

function medianGap(days: (string | null)[]) {
  const times = [...new Set(days.filter((d): d is string => d !== null))].map((d) => Date.parse(d)).sort();
  const gaps = times.slice(1).map((t, i) => t - (times[i] ?? t));
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)] ?? 0;
}

const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;

function compactDay(cell: string) {
  const m = COMPACT.exec(cell.trim());
  return m ? isoDay(...parts(m)) : null;
}

/** A column of `YYYYMMDD` dates: every filled cell (at least one) such a valid date. */
export function isCompactDateColumn(cells: readonly string[]) {
  let filled = 0;
  for (const cell of cells) {
    if (isBlank(cell)) continue;
    if (compactDay(cell) === null) return false;
    filled++;
  }
  return filled > 0;
}

/** A reader of the column's dates (yyyy-MM-dd, or null for a cell that is no date). */
export function dateReader(cells: readonly string[]): (cell: string) => string | null {
  if (isCompactDateColumn(cells)) return compactDay;
  let dayFirst = false;
  let monthFirst = false;
  const slashed = cells.map((c) => SLASH.exec(c.trim().replace(WEEKDAY, ''))).filter((m) => m !== null);
  for (const m of slashed) {
    const [a, b] = parts(m);
    if (a > 12) dayFirst = true;
    if (b > 12) monthFirst = true;
  }
  let order: 'md' | 'dm' = dayFirst && !monthFirst ? 'dm' : 'md';
  if (!dayFirst && !monthFirst && slashed.length > 1) {
    const md = medianGap(cells.map((c) => readDate(c, 'md')));
    const dm = medianGap(cells.map((c) => readDate(c, 'dm')));
    if (dm < md) order = 'dm';
  }
  return (cell) => readDate(cell, order);
}

type Mark = ',' | '.' | null;

function clean(cell: string) {
  return cell
    .trim()
    .replace(/%$/, '')
    .replace(/[\s\u00a0\u202f'’]/g, '');
}

function voteOf(text: string): Mark | undefined {
  const comma = text.lastIndexOf(',');
  const dot = text.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) return comma > dot ? ',' : '.';
  const at = Math.max(comma, dot);
  if (at < 0) return undefined;
  const mark = text[at] as ',' | '.';
  if (text.indexOf(mark) !== at) return mark === ',' ? '.' : ',';
  const before = text.slice(0, at).replace(/^[+-]/, '');
  if (text.length - at - 1 !== 3 || before === '0' || before === '') return mark;
  return undefined;
}

/** The column's decimal mark; null when every mark in it separates thousands. */
export function decimalMark(cells: readonly string[]): Mark {
  let comma = 0;
  let dot = 0;
  for (const cell of cells) {
    const vote = voteOf(clean(cell));
    if (vote === ',') comma++;
    else if (vote === '.') dot++;
  }
  if (comma === 0 && dot === 0) return null;
  return comma > dot ? ',' : '.';
}

const GROUPED = { '.': /^\d{1,3}(?:\.\d{3})+$/, ',': /^\d{1,3}(?:,\d{3})+$/ };

function grouped(integer: string, separator: ',' | '.') {
  return integer.includes(separator) ? GROUPED[separator].test(integer) : /^\d+$/.test(integer);
}

/** Reads one cell with the column's decimal mark: a number, null (no figure) or NaN (not a number). */
export function readNumber(cell: string, mark: Mark): number | null {
  if (isBlank(cell)) return null;
  const text = clean(cell);
  const m = /^([+-]?)([\d.,]+)$/.exec(text);
  if (!m) return NaN;
  const sign = m[1] ?? '';
  const body = m[2] ?? '';
  let integer = body;
  let fraction = '';
  if (mark !== null && body.includes(mark)) {
    const at = body.lastIndexOf(mark);
    integer = body.slice(0, at);
    fraction = body.slice(at + 1);
    if (!/^\d+$/.test(fraction) || (integer === '' && fraction === '')) return NaN;
  }
  const thousands =
    mark === ',' ? '.' : mark === '.' ? ',' : (/[.,]/.exec(integer)?.[0] as ',' | '.' | undefined);
  if (thousands && integer.includes(thousands)) {
    if (!grouped(integer, thousands)) return NaN;
    integer = integer.split(thousands).join('');
  }
  if (!/^\d*$/.test(integer) || (integer === '' && fraction === '')) return NaN;
  return Number(`${sign}${integer || '0'}.${fraction || '0'}`);
}

/** A cell that reads as a number under some decimal mark (for telling a column's kind). */
export function looksLikeNumber(cell: string) {
  return !isBlank(cell) && [null, ',', '.'].some((mark) => !Number.isNaN(readNumber(cell, mark as Mark)));
}
