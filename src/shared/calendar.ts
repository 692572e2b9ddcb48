// Calendar days in Europe/Berlin (DESIGN.md: dates yyyy-MM-dd, day counts in Berlin).
// Day arithmetic works on calendar dates, never on 24-hour steps, so a DST switch in between
// cannot move the result by a day: 14 days after 2026-03-28 23:30 Berlin is 2026-04-11.

// Made at the first use, not when the module loads: building it loads the time zone's data (~180 ms
// of a phone's main thread at 4× CPU), and the client loads this module with every screen but
// formats with it only on the admin panel.
let berlin: Intl.DateTimeFormat | undefined;
const berlinFormat = () =>
  (berlin ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }));

// Berlin's offset from UTC is a whole number of hours and changes on the hour, so the date is the
// same all through a UTC hour: it is formatted once per hour (Intl formatting cost more than the
// rest of a cached method read on the server). Several hours are kept: a podcast's plan asks for
// the day of its creation and for today on every request, and one kept hour made both format
// anew each time. Up to MEMO_HOURS (three weeks of hours), then afresh.
const MEMO_HOURS = 512;
const memo = new Map<number, string>();

/** The Berlin calendar date of an instant, as yyyy-MM-dd. */
export function berlinDate(instant: Date) {
  const hour = Math.floor(instant.getTime() / 3_600_000);
  let date = memo.get(hour);
  if (date === undefined) {
    date = berlinFormat().format(instant);
    if (memo.size >= MEMO_HOURS) memo.clear();
    memo.set(hour, date);
  }
  return date;
}

const DAY_MS = 86_400_000;
const toUtcMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The calendar date `days` after `date` (yyyy-MM-dd); negative days go back. */
export const addDays = (date: string, days: number) =>
  new Date(toUtcMidnight(date) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole calendar days from `from` to `to` (both yyyy-MM-dd); negative when `to` is earlier. */
export const daysBetween = (from: string, to: string) =>
  Math.round((toUtcMidnight(to) - toUtcMidnight(from)) / DAY_MS);
