// Calendar days in Europe/Berlin (DESIGN.md: dates yyyy-MM-dd, day counts in Berlin).
// Day arithmetic works on calendar dates, never on 24-hour steps, so a DST switch in between
// cannot move the result by a day: 14 days after 2026-03-28 23:30 Berlin is 2026-04-11.

const berlin = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Berlin calendar date of an instant, as yyyy-MM-dd. */
export const berlinDate = (instant: Date) => berlin.format(instant);

const DAY_MS = 86_400_000;
const toUtcMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The calendar date `days` after `date` (yyyy-MM-dd); negative days go back. */
export const addDays = (date: string, days: number) =>
  new Date(toUtcMidnight(date) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole calendar days from `from` to `to` (both yyyy-MM-dd); negative when `to` is earlier. */
export const daysBetween = (from: string, to: string) =>
  Math.round((toUtcMidnight(to) - toUtcMidnight(from)) / DAY_MS);
