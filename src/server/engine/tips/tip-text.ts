// Small helpers every tip rule writes its text with.
import { addDays, berlinDate, daysBetween } from '../../../shared/calendar.ts';
import type { TipState } from './tip-state.ts';

export type Tip = { rule: string; cause: string; subject: string; message: string };
export type Rule = {
  name: string;
  run: (state: TipState) => Tip[];
  /**
   * The Berlin days on which `run` may name a new cause with no write in between (time alone):
   * the sweep evaluates the podcast again at the first of them after today (tip-schedule.ts).
   * Days up to today are ignored, so a rule may list every candidate. Omitted: the rule is
   * assumed to depend on the day, and the podcast is evaluated again every day.
   */
  due?: (state: TipState) => string[];
};

/** The Berlin calendar day of a stored instant (23:30 UTC is already the next day there). */
export const day = (iso: string) => berlinDate(new Date(iso));
/** `2026-11-23` → `23.11.2026`. */
export const german = (date: string) => date.split('-').reverse().join('.');
export const age = (s: TipState) => daysBetween(day(s.podcast.created_at), s.today);
export const title = (s: TipState) => `„${s.podcast.title}“`;
export const percent = (score: number) => `${Math.round(score * 100)} %`;
export const reasons = (list: string[]) => (list.length ? list.map((r) => `- ${r}`).join('\n') : '');
export const tip = (rule: string, cause: string, subject: string, message: string): Tip => ({
  rule,
  cause,
  subject,
  message,
});
/** `days` after each of `dates` (for the rules' `due`). */
export const daysAfter = (dates: string[], days: number) => dates.map((d) => addDays(d, days));
/** The podcast's day of creation. */
export const createdDay = (s: TipState) => day(s.podcast.created_at);
