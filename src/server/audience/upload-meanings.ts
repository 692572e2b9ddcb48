// What a column means beyond its kind (Entscheidung AUD-21):
// - Hours, minutes or seconds of listening are no share: such a column (by its name: hours,
//   Stunden, minutes, time, Dauer …) is never guessed nor accepted as 'Durchhörrate' (Spotify's
//   `Consumption time (hours)` is hours, not a share). Listening time has no series of its own,
//   so it is not stored; the preview says what it is.
// - Followers: 'Follower' is the level of a day (Spotify's `Followers`). A column of changes per
//   day (Apple's `Net Followers`, `Gross Followers`, `Gross Unfollowers`, „neue Follower“) is no
//   level: never guessed nor accepted as 'Follower' (summed up it would need the level before the
//   file's first day, which no such file gives).
// - Plays, streams and downloads stay apart: a column that is the sum of two others on every row
//   (Spotify's `Plays & downloads` = `Plays (on Spotify)` + `Downloads (everywhere else)`) is
//   named so in the preview, which also says which column becomes 'Downloads'.
// - The kind of the whole table (days, weeks, a running total, episodes) is upload-kinds.ts's.
import type { UploadColumn } from '../../shared/audience.ts';
import { normaliseName, type ParsedUpload } from './upload-parser.ts';
import { decimalMark, readNumber } from './upload-values.ts';

const DURATION =
  /hour|stunde|\bstd\b|minute|\bmin\b|second|sekunde|\bsek\b|\bsec\b|\(h\)|\(s\)|time|zeit|dauer|duration/;
const FOLLOWER_CHANGE =
  /(net|gross|new|lost|neue?|verlorene?|gewonnene?|netto|brutto)\s*(follower|abonnent|subscriber)|unfollow|entfolg|(follower|abonnent|subscriber)\S*\s*(change|gain|loss|zuwachs|änderung|veränderung|\+|-)/;

/** A column that measures listening time (hours, minutes, seconds), judged by its name. */
export const isDuration = (name: string) => DURATION.test(normaliseName(name));
/** A column of follower changes per day (not their level), judged by its name. */
export const isFollowerChange = (name: string) => FOLLOWER_CHANGE.test(normaliseName(name));

export const meaningMessages = {
  duration: (name: string) =>
    `„${name}“ misst Hördauer (Stunden, Minuten oder Sekunden), keinen Anteil. Als Durchhörrate taugt nur eine Spalte in Prozent.`,
  followerChange: (name: string) =>
    `„${name}“ zählt, wie sich die Follower je Tag ändern, nicht wie viele es sind. Als Follower taugt nur der Stand eines Tages.`,
};

export const columnNotes = {
  duration: 'Hördauer, kein Anteil: nicht als Durchhörrate',
  followerChange: 'Änderung der Follower je Tag, kein Stand: nicht als Follower',
  sum: (a: string, b: string) => `Summe aus „${a}“ und „${b}“`,
};

/** Columns compared for sums: enough for any export, a bounded cost on a wide one. */
const SUM_COLUMNS = 16;
const SUM_ROWS = 5000;

/** The figures of a number column (null: no figure), from at most SUM_ROWS rows spread over the file. */
function figures(parsed: ParsedUpload, at: number) {
  const step = Math.ceil(parsed.records.length / SUM_ROWS);
  const cells = parsed.records.filter((_, i) => i % step === 0).map((r) => r.cells[at] ?? '');
  const mark = decimalMark(cells);
  return cells.map((cell) => {
    const value = readNumber(cell, mark);
    return value === null || Number.isNaN(value) ? null : value;
  });
}

/**
 * The two other columns a column is the sum of on every row (an empty cell counts 0), both with a
 * figure above 0 on one row at least (a column of zeros is no part), or null.
 */
function sumOf(values: (number | null)[][], c: number): [number, number] | null {
  const total = values[c]!;
  const rows = total.flatMap((v, i) => (v === null ? [] : [i]));
  if (rows.length < 3) return null;
  for (let a = 0; a < values.length; a++)
    for (let b = a + 1; b < values.length; b++) {
      if (a === c || b === c) continue;
      const [x, y] = [values[a]!, values[b]!];
      if (!rows.some((i) => (x[i] ?? 0) > 0 && (y[i] ?? 0) > 0)) continue;
      if (rows.every((i) => Math.abs(total[i]! - ((x[i] ?? 0) + (y[i] ?? 0))) < 1e-9)) return [a, b];
    }
  return null;
}

/** The columns with a German note where one is due (listening time, follower changes, a sum). */
export function withNotes(parsed: ParsedUpload): UploadColumn[] {
  const numbers = parsed.columns.flatMap((c, i) => (c.kind === 'number' ? [i] : [])).slice(0, SUM_COLUMNS);
  const values = numbers.map((at) => figures(parsed, at));
  return parsed.columns.map((column, index) => {
    let note: string | undefined;
    if (column.kind === 'number' && isDuration(column.name)) note = columnNotes.duration;
    else if (column.kind === 'number' && isFollowerChange(column.name)) note = columnNotes.followerChange;
    else if (numbers.includes(index)) {
      const parts = sumOf(values, numbers.indexOf(index));
      const name = (k: number) => parsed.columns[numbers[k]!]!.name;
      if (parts) note = columnNotes.sum(name(parts[0]), name(parts[1]));
    }
    return note ? { ...column, note } : column;
  });
}
