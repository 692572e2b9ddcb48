// The days on which every German podcast hears differently: the nationwide public holidays and
// the days from Christmas Eve to New Year. Entscheidung AUD-30: a small computed table rather than a
// library (date-holidays carries every country's rules, ~1 MB into the server bundle, for nine
// dates and Easter); regional holidays (Fronleichnam, Reformationstag, …) are left out, since a
// podcast's listeners live all over the country. Easter by the anonymous Gregorian computus
// (Meeus/Jones/Butcher).
import { addDays } from '../../shared/calendar.ts';

export type Holiday = { date: string; name: string };

/** Easter Sunday of `year` (yyyy-MM-dd). */
export function easterSunday(year: number) {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function holidaysOf(year: number): Holiday[] {
  const easter = easterSunday(year);
  const on = (md: string, name: string) => ({ date: `${year}-${md}`, name });
  return [
    on('01-01', 'Neujahr'),
    { date: addDays(easter, -2), name: 'Karfreitag' },
    { date: addDays(easter, 1), name: 'Ostermontag' },
    on('05-01', 'Tag der Arbeit'),
    { date: addDays(easter, 39), name: 'Christi Himmelfahrt' },
    { date: addDays(easter, 50), name: 'Pfingstmontag' },
    on('10-03', 'Tag der Deutschen Einheit'),
    on('12-24', 'Heiligabend'),
    on('12-25', 'Weihnachten'),
    on('12-26', 'Weihnachten'),
    ...['27', '28', '29', '30', '31'].map((d) => on(`12-${d}`, 'zwischen den Jahren')),
  ];
}

/** The holidays from `from` to `to` (both included), oldest first. */
export function holidaysBetween(from: string, to: string): Holiday[] {
  const years = [];
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) years.push(y);
  return years.flatMap(holidaysOf).filter((h) => h.date >= from && h.date <= to);
}

/** 'Weihnachten, zwischen den Jahren und Neujahr': the names of `holidays`, each once, in order. */
export function holidayNames(holidays: readonly Holiday[]) {
  const names = [...new Set(holidays.map((h) => h.name))];
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} und ${names.at(-1)}`;
}
