import { lazily } from '../../../lib/lazy-format.ts';

export const number = lazily(() => new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }));
export const percent = lazily(
  () =>
    new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' }),
);
const dateFormat = lazily(
  () =>
    new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }),
);
const shortFormat = lazily(
  () => new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', timeZone: 'UTC' }),
);
const weekdayFormat = lazily(() => new Intl.DateTimeFormat('de-DE', { weekday: 'short', timeZone: 'UTC' }));

const utc = (date: string) => new Date(`${date}T00:00:00Z`);
/** yyyy-MM-dd as '01.12.2026'. */
export const germanDay = (date: string) => dateFormat().format(utc(date));
/** yyyy-MM-dd as '01.12.'. */
export const shortDay = (date: string) => shortFormat().format(utc(date));
/** yyyy-MM-dd as 'Di., 01.12.2026'. */
export const dayWithWeekday = (date: string) => `${weekdayFormat().format(utc(date))}, ${germanDay(date)}`;
/** A figure or '–' for a day the source gives none. */
export const figure = (value: number | null | undefined) =>
  typeof value === 'number' ? number().format(value) : '–';
