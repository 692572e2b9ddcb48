// A running total read as days (Entscheidung AUD-7, upload-kinds.ts): each day's figure is the
// total's difference to the day before. The first day with a figure is only the starting point
// (what came before it is not in the file). Where days are missing between two figures, the
// difference belongs to several days together: that row is listed, never spread over the days.
import type { DayRow } from './store-days.ts';
import type { RowError } from './upload-mapping.ts';

const DAY_MS = 86_400_000;
const germanDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

export const runningMessages = {
  gap: (name: string, from: string, to: string, days: number) =>
    `„${name}“: Zwischen dem ${germanDay(from)} und dem ${germanDay(to)} fehlen Tage; die Differenz gehört zu ${days} Tagen zusammen und wird nicht gespeichert.`,
};

/** The rows with downloads and plays as differences from day to day, and the rows that could not be. */
export function dailyDifferences(
  rows: readonly DayRow[],
  columns: Partial<Record<'downloads' | 'plays', string | null | undefined>>,
  lines: ReadonlyMap<string, number>,
) {
  const sorted = [...rows].sort((a, b) => a.day.localeCompare(b.day)).map((row) => ({ ...row }));
  const errors: RowError[] = [];
  for (const series of ['downloads', 'plays'] as const) {
    const name = columns[series];
    if (!name) continue;
    let previous: { day: string; value: number } | null = null;
    for (const row of sorted) {
      const value = row[series];
      if (typeof value !== 'number') continue;
      delete row[series];
      if (previous) {
        const days = Math.round((Date.parse(row.day) - Date.parse(previous.day)) / DAY_MS);
        if (days === 1) row[series] = value - previous.value;
        else
          errors.push({
            line: lines.get(row.day) ?? 0,
            message: runningMessages.gap(name, previous.day, row.day, days),
          });
      }
      previous = { day: row.day, value };
    }
  }
  const kept = sorted.filter((row) => Object.keys(row).length > 1);
  return { rows: kept, errors: errors.sort((a, b) => a.line - b.line) };
}
