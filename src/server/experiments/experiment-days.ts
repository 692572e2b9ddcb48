// The day counts of an experiment (§3 Experiment) in Berlin calendar days. An experiment runs
// from starts_at through ends_at, both days included: from Monday to Wednesday is 3 days. On its
// first day 1 day has passed; on its last day days_left is 0; the day after, it has ended.
import { berlinDate, daysBetween } from '../../shared/calendar.ts';

export function experimentDays(startsAt: string, endsAt: string, now: Date) {
  const today = berlinDate(now);
  const total = Math.max(1, daysBetween(startsAt, endsAt) + 1);
  const passed = Math.min(total, Math.max(0, daysBetween(startsAt, today) + 1));
  return {
    has_started: today >= startsAt,
    has_ended: today > endsAt,
    days_total: total,
    days_passed: passed,
    days_left: total - passed,
    days_progress: Math.round((passed / total) * 100),
  };
}
