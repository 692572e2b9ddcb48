// From an export's columns to the series: a guessed mapping from the header names (German and
// English), the check of a mapping the user chose, and every row read under it.
//
// Entscheidung AUD-13, its rules:
// - A guess takes only columns of the right kind, each column at most once, a name that is a
//   known name outright before one that merely contains it ("Listeners" before "Engaged
//   Listeners"); nothing is guessed for a series no column names.
// - Listening share (`consumption`) is stored in percent: a column whose values all lie between 0
//   and 1 without a `%` sign is read as a fraction and multiplied by 100 (an average listening
//   share below 1 % does not happen). Counts are rounded to whole numbers.
// - A row whose date cannot be read, a figure that is not a number or negative, a share above 100
//   and a day the file already had in an earlier row are listed with the file's line number and
//   why; the row is left out. A row with a date and no figure at all is no error: it says nothing.
// - Bounds: the first SHOWN_ROW_ERRORS unreadable rows are listed and all
//   are counted (867,172 listed rows were a 45 MB answer); a cell is quoted with at most 50
//   characters. A column feeds one series: mapped to two (downloads and followers) it would count
//   the same figure twice, so the second field is refused, naming the first.
import {
  audienceMessages,
  audienceSeries,
  audienceSeriesLabels,
  type AudienceMapping,
  type AudienceSeries,
  type UploadColumn,
} from '../../shared/audience.ts';
import type { FieldErrors } from '../../shared/api.ts';
import type { DayRow } from './store-days.ts';
import { cut, normaliseName, type ParsedUpload } from './upload-parser.ts';
import { isDuration, isFollowerChange, meaningMessages } from './upload-meanings.ts';
import { dateReader, decimalMark, readNumber } from './upload-values.ts';

const NAMES: Record<'date' | AudienceSeries, { exact: string[]; contains: RegExp }> = {
  date: { exact: ['datum', 'date', 'tag', 'day', 'zeitraum', 'period'], contains: /datum|date|tag\b|day\b/ },
  downloads: {
    exact: ['downloads', 'abrufe', 'total downloads', 'downloads gesamt'],
    contains: /download|abruf|hits/,
  },
  listeners: {
    exact: ['listeners', 'hörer', 'hörer:innen', 'zuhörer', 'audience size', 'unique listeners'],
    contains: /listener|hörer|hoerer|audience/,
  },
  followers: {
    exact: ['followers', 'follower', 'abonnenten', 'subscribers'],
    contains: /follower|abonnent|subscriber/,
  },
  plays: {
    exact: ['plays', 'wiedergaben', 'streams', 'starts', 'abspielungen'],
    contains: /plays?\b|wiedergabe|stream|starts?\b|abspiel/,
  },
  consumption: {
    exact: ['consumption', 'average consumption', 'durchschnittlich gehört', 'average listening %'],
    contains: /consumption|durchschnittlich gehört|average listen|avg\.? listen|gehört|durchhör|completion/,
  },
};

export function guessMapping(columns: readonly UploadColumn[]): Partial<AudienceMapping> {
  const mapping: Partial<AudienceMapping> = {};
  const used = new Set<string>();
  for (const field of ['date', ...audienceSeries] as const) {
    const kind = field === 'date' ? 'date' : 'number';
    const candidates = columns.filter(
      (c) =>
        c.kind === kind &&
        !used.has(c.name) &&
        !(field === 'consumption' && isDuration(c.name)) &&
        !(field === 'followers' && isFollowerChange(c.name)),
    );
    const { exact, contains } = NAMES[field];
    const pick =
      exact.map((n) => candidates.find((c) => normaliseName(c.name) === n)).find(Boolean) ??
      candidates.find((c) => contains.test(normaliseName(c.name))) ??
      (field === 'date' ? candidates[0] : undefined);
    if (pick) {
      mapping[field] = pick.name;
      used.add(pick.name);
    }
  }
  return mapping;
}

const wrongKind = {
  date: 'In dieser Spalte stehen keine Datumswerte.',
  number: 'In dieser Spalte stehen keine Zahlen.',
};

/** German errors per field of the mapping (`mapping.<field>`), or null when it fits the columns. */
export function checkMapping(columns: readonly UploadColumn[], mapping: AudienceMapping): FieldErrors | null {
  const errors: FieldErrors = {};
  const byName = new Map(columns.map((c) => [c.name, c]));
  const taken = new Map<string, AudienceSeries>();
  for (const field of ['date', ...audienceSeries] as const) {
    const name = mapping[field];
    if (!name) continue;
    const column = byName.get(name);
    const expected = field === 'date' ? 'date' : 'number';
    const first = field === 'date' ? undefined : taken.get(name);
    if (!column) errors[`mapping.${field}`] = [audienceMessages.columnUnknown];
    else if (column.kind !== expected) errors[`mapping.${field}`] = [wrongKind[expected]];
    else if (field === 'consumption' && isDuration(name))
      errors[`mapping.${field}`] = [meaningMessages.duration(name)];
    else if (field === 'followers' && isFollowerChange(name))
      errors[`mapping.${field}`] = [meaningMessages.followerChange(name)];
    else if (first) errors[`mapping.${field}`] = [audienceMessages.columnTaken(audienceSeriesLabels[first])];
    else if (field !== 'date') taken.set(name, field);
  }
  if (!audienceSeries.some((series) => mapping[series])) {
    errors.mapping = [audienceMessages.noSeries];
  }
  return Object.keys(errors).length ? errors : null;
}

export type RowError = { line: number; message: string };

/** Unreadable rows listed with why; the rest are only counted. */
export const SHOWN_ROW_ERRORS = 100;
const QUOTED_CHARS = 50;
const quoted = (cell: string) => `„${cut(cell, QUOTED_CHARS)}“`;

function germanDay(day: string) {
  return `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
}

/**
 * Every row of the file under `mapping` (checked before): the days read, the first rows that
 * failed and how many failed.
 */
export function readMapped(parsed: ParsedUpload, mapping: AudienceMapping) {
  const index = (name: string) => parsed.columns.findIndex((c) => c.name === name);
  const cellsOf = (i: number) => parsed.records.map((r) => r.cells[i] ?? '');
  const dateAt = index(mapping.date);
  const readDate = dateReader(cellsOf(dateAt));
  const series = audienceSeries.flatMap((name) => {
    const column = mapping[name] ? index(mapping[name]) : -1;
    if (column < 0) return [];
    const cells = cellsOf(column);
    const mark = decimalMark(cells);
    const values = cells.map((cell) => readNumber(cell, mark));
    const fraction =
      name === 'consumption' &&
      !cells.some((cell) => cell.includes('%')) &&
      values.every((v) => v === null || Number.isNaN(v) || (v >= 0 && v <= 1));
    return [{ name, column, values, fraction, label: parsed.columns[column]?.name ?? '' }];
  });

  const rows: DayRow[] = [];
  const errors: RowError[] = [];
  let unreadable = 0;
  const fail = (line: number, message: () => string) => {
    if (unreadable++ < SHOWN_ROW_ERRORS) errors.push({ line, message: message() });
  };
  const seen = new Map<string, number>();
  parsed.records.forEach((record, r) => {
    const cell = record.cells[dateAt] ?? '';
    const day = readDate(cell);
    if (!day) {
      fail(record.line, () => (cell === '' ? 'Das Datum fehlt.' : `${quoted(cell)} ist kein Datum.`));
      return;
    }
    const earlier = seen.get(day);
    if (earlier !== undefined) {
      fail(record.line, () => `Den ${germanDay(day)} gibt es schon in Zeile ${earlier}.`);
      return;
    }
    const row: DayRow = { day };
    const problems: string[] = [];
    for (const { name, values, fraction, label, column } of series) {
      const value = values[r] ?? null;
      if (value === null) continue;
      const say = (what: string) =>
        problems.push(`${quoted(record.cells[column] ?? '')} in „${label}“ ${what}`);
      if (Number.isNaN(value)) say('ist keine Zahl.');
      else if (value < 0) say('ist negativ.');
      else if (name === 'consumption') {
        const percent = fraction ? value * 100 : value;
        if (percent > 100) say('ist mehr als 100 %.');
        else row.consumption = Math.round(percent * 100) / 100;
      } else row[name] = Math.round(value);
    }
    if (problems.length) {
      fail(record.line, () => problems.join(' '));
      return;
    }
    seen.set(day, record.line);
    rows.push(row);
  });
  return { rows, errors, unreadable, lines: seen };
}
