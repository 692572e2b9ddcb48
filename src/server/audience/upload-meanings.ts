// What a column means, checked beyond its kind (decisions 2026-12-06):
// - Hours, minutes or seconds of listening are no share: such a column (by its name: hours,
//   Stunden, minutes, time, Dauer …) is never guessed nor accepted as 'Durchhörrate'. Spotify's
//   `Consumption time (hours)` became „14,61 %“ before.
// - A running total is refused, not converted: a downloads or plays column that never falls over
//   at least 14 days and rises at least 3 times is a total since publication (Spotify's
//   'PerformanceCombined', 0 → 23 over 584 days), and its differences would be guesses about a
//   file we cannot see whole (where it starts, gaps). The podcaster uploads the daily export
//   instead; the refusal says so.
// - A per-episode table (a row per episode: a title column and downloads by age such as `1d`,
//   `7 Days`, `First 24 hours`) is refused at the upload with what it is: stored as days it would
//   put each episode's total on its publication day. Storing it per episode is still open.
// - A weekly series (every step between the dates a multiple of 7 days, at least 3 dates) is
//   refused for days: audience days hold one figure per day, and a week's figure stored on its
//   first day would read as a day 7 times too large.
import type { AudienceMapping, AudienceSeries, UploadColumn } from '../../shared/audience.ts';
import type { FieldErrors } from '../../shared/api.ts';
import type { DayRow } from './store-days.ts';
import { normaliseName } from './upload-parser.ts';

const DURATION =
  /hour|stunde|\bstd\b|minute|\bmin\b|second|sekunde|\bsek\b|\bsec\b|\(h\)|\(s\)|time|zeit|dauer|duration/;

/** A column that measures listening time (hours, minutes, seconds), judged by its name. */
export const isDuration = (name: string) => DURATION.test(normaliseName(name));

export const meaningMessages = {
  duration: (name: string) =>
    `„${name}“ misst Hördauer (Stunden, Minuten oder Sekunden), keinen Anteil. Als Durchhörrate taugt nur eine Spalte in Prozent.`,
  runningTotal: (name: string, first: number, last: number, days: number) =>
    `„${name}“ ist eine laufende Summe: Die Zahl fällt an keinem Tag und wächst von ${first} auf ${last} in ${days} Tagen. Als tägliche Zahlen nehmen wir sie nicht; lade bitte den Export mit den Zahlen je Tag hoch.`,
  episodeTable:
    'Das ist eine Tabelle je Folge (eine Zeile pro Folge, mit Downloads nach Alter der Folge), keine Reihe je Tag. Hörerzahlen liest bisher nur Zahlen je Tag; als Tage gelesen stünde jede Folge mit ihrer Summe an ihrem Veröffentlichungstag. Lade bitte den Export mit den Zahlen je Tag hoch.',
  weekly: (name: string) =>
    `Die Daten in „${name}“ liegen je 7 Tage oder ein Vielfaches davon auseinander: Das ist eine Wochenreihe. Hörerzahlen speichern wir je Tag und erfinden keine Tage aus Wochenwerten; lade bitte den Export mit den Zahlen je Tag hoch.`,
};

const RUNNING_MIN_DAYS = 14;
const RUNNING_MIN_RISES = 3;
const DAY_MS = 86_400_000;

/** German errors per field when the read days are a weekly series or a count is a running total. */
export function checkMeaning(rows: readonly DayRow[], mapping: AudienceMapping): FieldErrors | null {
  const sorted = [...rows].sort((a, b) => a.day.localeCompare(b.day));
  const times = sorted.map((row) => Date.parse(`${row.day}T00:00:00Z`));
  const steps = times.slice(1).map((t, i) => Math.round((t - times[i]!) / DAY_MS));
  if (steps.length >= 2 && steps.every((step) => step >= 7 && step % 7 === 0)) {
    return { 'mapping.date': [meaningMessages.weekly(mapping.date)] };
  }
  const errors: FieldErrors = {};
  for (const series of ['downloads', 'plays'] as const satisfies readonly AudienceSeries[]) {
    const name = mapping[series];
    if (!name) continue;
    const values = sorted.map((row) => row[series]).filter((v): v is number => typeof v === 'number');
    if (values.length < RUNNING_MIN_DAYS) continue;
    const falls = values.some((v, i) => i > 0 && v < values[i - 1]!);
    const rises = values.filter((v, i) => i > 0 && v > values[i - 1]!).length;
    if (!falls && rises >= RUNNING_MIN_RISES) {
      errors[`mapping.${series}`] = [
        meaningMessages.runningTotal(name, values[0]!, values.at(-1)!, values.length),
      ];
    }
  }
  return Object.keys(errors).length ? errors : null;
}

const EPISODE_TITLE = /^(title|titel|episode|episode title|episode name|folge|folgentitel|name|slug)$/;
const AGE =
  /^(\d+\s*(d|w|q|m|y|h|day|days|tag|tage|week|weeks|woche|wochen|month|months|monat|monate|hours|stunden)|first \d+.*|erste[nr]? \d+.*)$/;

/** A table with a row per episode: an episode title column and at least two downloads-by-age columns. */
export function isEpisodeTable(columns: readonly UploadColumn[]): boolean {
  const names = columns.map((c) => normaliseName(c.name));
  return names.some((n) => EPISODE_TITLE.test(n)) && names.filter((n) => AGE.test(n)).length >= 2;
}
