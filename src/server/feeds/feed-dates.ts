// Dates of feeds: RFC 822 as RSS 2.0 asks (`Tue, 01 Oct 2019 14:30:00 PST`), with the liberties
// real feeds take, and ISO 8601 as Atom-minded generators and dc:date write it. Lenient as podcast
// apps are (Entscheidung FEED-4): month and day names in English, German, Spanish, Portuguese,
// Catalan, French and Italian (`Dom, 28 Abr 2013`, `14 de diciembre de 2010`), the month first
// (`January 31st, 2016`), ordinals, no weekday or seconds, two-digit years, single-digit or
// zero-padded time parts (`9:8:38`, `012:31:50`), `24:xx` as the next day's hour, seconds past 59
// cut to 59 (`15:12:352`), zones by name or as +01:00, and plain `MM/DD/YYYY` read the US way
// (the way those feeds' generators write it).

/** Full month names, January first, per language; a name is also read by any prefix of 3+ letters
 * that names one month only (`Dic`, `Set`, `févr.`; `jui` names June and July in French: unread). */
const MONTH_NAMES: string[][] = [
  ['january', 'januar', 'jaenner', 'enero', 'janeiro', 'gener', 'janvier', 'gennaio'],
  ['february', 'februar', 'febrero', 'fevereiro', 'febrer', 'fevrier', 'febbraio'],
  ['march', 'maerz', 'marz', 'marzo', 'marco', 'marc', 'mars'],
  ['april', 'abril', 'avril', 'aprile'],
  ['may', 'mai', 'mayo', 'maio', 'maig', 'maggio'],
  ['june', 'juni', 'junio', 'junho', 'juny', 'juin', 'giugno'],
  ['july', 'juli', 'julio', 'julho', 'juliol', 'juillet', 'luglio'],
  ['august', 'agosto', 'agost', 'aout'],
  ['september', 'septiembre', 'setembro', 'setembre', 'septembre', 'settembre'],
  ['october', 'oktober', 'octubre', 'outubro', 'octobre', 'ottobre'],
  ['november', 'noviembre', 'novembro', 'novembre'],
  ['december', 'dezember', 'diciembre', 'dezembro', 'desembre', 'decembre', 'dicembre'],
];
/** Short forms that are no 3-letter prefix: Catalan `ag.` (agost). */
const MONTH_SHORT: Record<string, number> = { ag: 7 };

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

const WEEKDAY = String.raw`(?:\p{L}+\.?,?\s+|\p{L}+\.?,)?`;
const TIME = String.raw`(?:,?\s+(\d{1,3}):(\d{1,2})(?::(\d{1,3}))?(?:\s*([ap])\.?m\.?)?)?`;
const ZONE = String.raw`\s*([+-]\d{2}:?\d{2}|\p{L}+)?`;
const ORDINAL = String.raw`(?:st|nd|rd|th|er|º|°|\.)?`;
/** `Tue, 14 Dic 2010 …`, `14. März 2024`, `14 de diciembre de 2010`. */
const DAY_FIRST = new RegExp(
  String.raw`^${WEEKDAY}(\d{1,2})${ORDINAL}\s*(?:de\s+)?(\p{L}+)\.?,?\s*(?:de\s+)?(\d{4}|\d{2})${TIME}${ZONE}$`,
  'iu',
);
/** `January 31st, 2016`, `Thu, Jun 18 2009 21:16:13`. */
const MONTH_FIRST = new RegExp(
  String.raw`^${WEEKDAY}(\p{L}+)\.?\s+(\d{1,2})${ORDINAL},?\s+(\d{4}|\d{2})${TIME}${ZONE}$`,
  'iu',
);
/** `12/31/2016`, `1/5/2016 9:30 PM`. */
const US_NUMERIC = new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{4})${TIME}${ZONE}$`, 'iu');

function zoneOffset(zone: string | undefined): number {
  if (!zone) return 0;
  const numeric = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (numeric) return (numeric[1] === '-' ? -1 : 1) * (Number(numeric[2]) * 60 + Number(numeric[3]));
  return ZONES[zone.toUpperCase()] ?? 0;
}

/** The month (0–11) a name or its abbreviation names in one of the languages, or undefined. */
export function monthIndex(name: string): number | undefined {
  const token = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ä/g, 'ae');
  if (MONTH_SHORT[token] !== undefined) return MONTH_SHORT[token];
  if (token.length < 3) return undefined;
  const found = new Set<number>();
  MONTH_NAMES.forEach((names, index) => {
    if (names.some((full) => full.startsWith(token))) found.add(index);
  });
  return found.size === 1 ? [...found][0] : undefined;
}

function instant(
  year: number,
  month: number,
  day: number,
  time: (string | undefined)[],
  zone: string | undefined,
): Date | undefined {
  const [written, minutes, seconds] = time.slice(0, 3).map((v) => Number(v ?? 0)) as [number, number, number];
  let hours = written;
  const meridiem = time[3]?.toLowerCase();
  if (meridiem) {
    if (hours < 1 || hours > 12) return undefined;
    hours = (hours % 12) + (meridiem === 'p' ? 12 : 0);
  }
  // 24:45 is a quarter to one on the next day (Date.UTC carries it over); later hours are no time.
  if (day < 1 || day > 31 || hours > 24 || minutes > 59) return undefined;
  // 31 Feb would roll over into March: refuse instead of guessing.
  if (new Date(Date.UTC(year, month, day)).getUTCMonth() !== month) return undefined;
  const utc = Date.UTC(year, month, day, hours, minutes, Math.min(seconds, 59));
  return new Date(utc - zoneOffset(zone) * 60_000);
}

function fullYear(text: string): number {
  const year = Number(text);
  return text.length === 2 ? year + (year < 50 ? 2000 : 1900) : year;
}

function parseWritten(text: string): Date | undefined {
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst) {
    const month = monthIndex(dayFirst[2]!);
    if (month !== undefined) {
      return instant(fullYear(dayFirst[3]!), month, Number(dayFirst[1]), dayFirst.slice(4, 8), dayFirst[8]);
    }
  }
  const monthFirst = MONTH_FIRST.exec(text);
  if (monthFirst) {
    const month = monthIndex(monthFirst[1]!);
    if (month !== undefined) {
      return instant(
        fullYear(monthFirst[3]!),
        month,
        Number(monthFirst[2]),
        monthFirst.slice(4, 8),
        monthFirst[8],
      );
    }
  }
  const us = US_NUMERIC.exec(text);
  if (us) return instant(Number(us[3]), Number(us[1]) - 1, Number(us[2]), us.slice(4, 8), us[8]);
  return undefined;
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
  const date = parseIso(trimmed) ?? parseWritten(trimmed);
  if (!date || Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  return year >= 1900 && year <= 9999 ? date : null;
}
