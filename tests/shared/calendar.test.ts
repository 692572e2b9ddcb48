import { describe, expect, it } from 'vitest';
import { addDays, berlinDate, daysBetween } from '../../src/shared/calendar.ts';

describe('Berlin calendar days', () => {
  it('adds calendar days across the switch to summer time', () => {
    const lateEvening = new Date('2026-03-28T23:30:00+01:00');
    expect(berlinDate(lateEvening)).toBe('2026-03-28');
    expect(addDays(berlinDate(lateEvening), 14)).toBe('2026-04-11');
  });

  it('takes the Berlin date, not the UTC one, around midnight', () => {
    expect(berlinDate(new Date('2026-10-24T22:30:00Z'))).toBe('2026-10-25');
    expect(berlinDate(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(berlinDate(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });

  it('gives the date Intl gives at every minute around both switches and midnights', () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', dateStyle: 'short' });
    for (const start of ['2026-03-28T20:00:00Z', '2026-10-24T20:00:00Z', '2026-07-01T20:00:00Z']) {
      // Forward and back in time, as a test clock may move, one minute at a time over 10 hours.
      const minutes = Array.from({ length: 600 }, (_, i) => Date.parse(start) + i * 60_000);
      for (const ms of [...minutes, ...minutes.reverse()]) {
        expect(berlinDate(new Date(ms))).toBe(intl.format(ms));
      }
      // Two instants asked in turn (a podcast's creation and now): each keeps its own date.
      const created = Date.parse('2025-12-31T23:30:00Z');
      for (const ms of minutes) {
        expect(berlinDate(new Date(created))).toBe(intl.format(created));
        expect(berlinDate(new Date(ms))).toBe(intl.format(ms));
      }
    }
  });

  it('counts whole days between dates, also over the switch back to winter time', () => {
    expect(daysBetween('2026-10-20', '2026-11-03')).toBe(14);
    expect(daysBetween('2026-04-11', '2026-03-28')).toBe(-14);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});
