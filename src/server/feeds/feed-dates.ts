// Dates of feeds: RFC 822 as RSS 2.0 asks (`Tue, 01 Oct 2019 14:30:00 PST`), with the liberties
// real feeds take (no weekday, no seconds, two-digit years, full month names, zones by name or
// as +01:00), and ISO 8601 as Atom-minded generators and dc:date write it.

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** German spellings some feeds use (Mär, Mai, Okt, Dez); other months share the English prefix. */
const GERMAN_MONTHS: Record<string, number> = { mär: 2, mae: 2, mai: 4, okt: 9, dez: 11 };

/** Named zones in minutes east of UTC; an unknown name counts as UTC. */
const ZONES: Record<string, number> = {
  UT: 0,
  UTC: 0,
  GMT: 0,
  Z: 0,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
  AKST: -540,
  AKDT: -480,
  HST: -600,
  BST: 60,
  IST: 60,
  WET: 0,
  WEST: 60,
  CET: 60,
  CEST: 120,
  MEZ: 60,
  MESZ: 120,
  EET: 120,
  EEST: 180,
  JST: 540,
  AEST: 600,
  AEDT: 660,
};

const RFC822 =
  /^(?:[a-z]+,?\s*)?(\d{1,2})\.?\s+([a-zäé]+)\.?\s+(\d{2,4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*([+-]\d{2}:?\d{2}|[a-z]+)?$/i;

function zoneOffset(zone: string | undefined): number {
  if (!zone) return 0;
  const numeric = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (numeric) return (numeric[1] === '-' ? -1 : 1) * (Number(numeric[2]) * 60 + Number(numeric[3]));
  return ZONES[zone.toUpperCase()] ?? 0;
}

function monthIndex(name: string): number | undefined {
  const lower = name.toLowerCase();
  const german = GERMAN_MONTHS[lower.slice(0, 3)];
  if (german !== undefined) return german;
  const index = MONTHS.indexOf(lower.slice(0, 3));
  return index === -1 ? undefined : index;
}

function parseRfc822(text: string): Date | undefined {
  const m = RFC822.exec(text);
  if (!m) return undefined;
  const month = monthIndex(m[2]!);
  if (month === undefined) return undefined;
  let year = Number(m[3]);
  if (m[3]!.length === 2) year += year < 50 ? 2000 : 1900;
  const [day, hours, minutes, seconds] = [m[1], m[4], m[5], m[6]].map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
  ];
  if (day < 1 || day > 31 || hours > 23 || minutes > 59 || seconds > 60) return undefined;
  const utc = Date.UTC(year, month, day, hours, minutes, Math.min(seconds, 59));
  const date = new Date(utc - zoneOffset(m[7]) * 60_000);
  // 31 Feb would roll over into March: refuse instead of guessing.
  return new Date(Date.UTC(year, month, day)).getUTCMonth() === month ? date : undefined;
}

const ISO = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** ISO 8601; without a zone it counts as UTC (never the server's own zone). */
function parseIso(text: string): Date | undefined {
  const m = ISO.exec(text);
  if (!m) return undefined;
  const zone = (m[3] ?? 'Z').toUpperCase().replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  return new Date(`${m[1]}T${m[2] ?? '00:00'}${zone}`);
}

/** The instant a feed date names, or null when it names none we can read (or an absurd one). */
export function parseFeedDate(text: string | undefined): Date | null {
  const trimmed = text?.trim().replace(/\s+/g, ' ');
  if (!trimmed) return null;
  const date = parseIso(trimmed) ?? parseRfc822(trimmed);
  if (!date || Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  return year >= 1900 && year <= 9999 ? date : null;
}
