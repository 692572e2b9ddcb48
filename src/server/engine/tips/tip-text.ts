// Small helpers every tip rule writes its text with.
import { berlinDate, daysBetween } from '../../../shared/calendar.ts';
import type { TipState } from './tip-state.ts';

export type Tip = { rule: string; cause: string; subject: string; message: string };
export type Rule = { name: string; run: (state: TipState) => Tip[] };

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
