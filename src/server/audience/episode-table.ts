// Reading a per-episode table (a row per episode: Podlove's, a host's, Megaphone's) into each
// episode's identity and its downloads at the ages the file gives. Which file is such a table is
// decided elsewhere (upload-meanings.ts); this file reads one. Entscheidung AUD-19:
// - Ages from the column names: `1d`/`1 Day`/`7 Days`/`First 24 hours`/`Erste 7 Tage` in days,
//   weeks ×7, months ×30, quarters ×91, years ×365; a count of hours only when whole days (24 h).
// - The total: `downloads`, `All Time`, `To date`, `Total`, `Gesamt`. Plays or streams are not
//   taken for downloads (Spotify's `plays` counts something else).
// - Identity: a guid column when there is one, the title, the publication date (Podlove's
//   `post_date_gmt` before its local `post_date`). Podlove's `id`/`post_id` are the host's own
//   numbers, not the feed's guid.
// - A cell without a figure (empty, `–`, `N/A`: the episode is younger than that age) is absent.
import type { UploadColumn } from '../../shared/audience.ts';
import type { ParsedUpload } from './upload-parser.ts';
import { normaliseName } from './upload-parser.ts';
import { dateReader, decimalMark, readNumber } from './upload-values.ts';

/** One row of an episode table: who the episode is, and its downloads by age in days (0: total). */
export type EpisodeTableRow = {
  line: number;
  guid: string | null;
  title: string | null;
  published_on: string | null;
  /** Age in days → downloads in the episode's first that many days; key 0 is the total so far. */
  counts: Map<number, number>;
};

const UNITS: [RegExp, number][] = [
  [/^(d|day|days|tag|tage|tagen)$/, 1],
  [/^(w|wk|week|weeks|woche|wochen)$/, 7],
  [/^(m|mo|month|months|monat|monate|monaten)$/, 30],
  [/^(q|quarter|quarters|quartal|quartale)$/, 91],
  [/^(y|yr|year|years|jahr|jahre|jahren)$/, 365],
];
const HOURS = /^(h|hr|hrs|hour|hours|stunde|stunden)$/;
const AGE_NAME = /^(?:first |erste[nr]? |in den ersten )?(\d+)\s*([a-zä]+)$/;
const TOTAL =
  /^(downloads|all time|alltime|to date|total|total downloads|gesamt|downloads gesamt|insgesamt)$/;
const GUID = /^(guid|item ?guid|episode ?guid|item_guid)$/;
const TITLE = /^(title|titel|episode|episode title|episode name|name|folge|folgentitel)$/;
const PUBLISHED = [
  /^(post_date_gmt|published \(utc\)|pubdate)$/,
  /^(published|published at|publish date|publication date|release date|releasedate|veröffentlicht|veröffentlicht am|erschienen|post_date|date|datum)$/,
];

/** The age in days a column name stands for (0: the total), or null. */
export function ageOf(name: string): number | null {
  const n = normaliseName(name);
  if (TOTAL.test(n)) return 0;
  const m = AGE_NAME.exec(n);
  if (!m) return null;
  const count = Number(m[1]);
  const unit = m[2] ?? '';
  if (HOURS.test(unit)) return count > 0 && count % 24 === 0 ? count / 24 : null;
  const factor = UNITS.find(([pattern]) => pattern.test(unit))?.[1];
  return factor && count > 0 ? count * factor : null;
}

const find = (names: string[], pattern: RegExp) => {
  const at = names.findIndex((n) => pattern.test(n));
  return at < 0 ? null : at;
};

/** Which column holds what, or null when the table names no age and no total. */
export function episodeColumns(columns: readonly UploadColumn[]) {
  const names = columns.map((c) => normaliseName(c.name));
  const ages = new Map<number, number>();
  columns.forEach((column, index) => {
    const age = column.kind === 'text' ? null : ageOf(column.name);
    if (age !== null && !ages.has(age)) ages.set(age, index);
  });
  const published = PUBLISHED.map((p) => find(names, p)).find((at) => at !== null) ?? null;
  const ids = { guid: find(names, GUID), title: find(names, TITLE), published };
  if (ages.size === 0 || (ids.guid ?? ids.title ?? ids.published) === null) return null;
  return { ...ids, ages };
}

export const episodeTableMessages = {
  noFigure: 'In dieser Zeile steht keine Download-Zahl.',
  noIdentity: 'Diese Zeile nennt weder Titel noch GUID noch Veröffentlichungsdatum.',
};

/** The table's rows with a figure, and every other row with why it cannot count (never dropped silently). */
export function readEpisodeTable(parsed: ParsedUpload) {
  const columns = episodeColumns(parsed.columns);
  if (!columns) return null;
  const cellsOf = (at: number) => parsed.records.map((r) => r.cells[at] ?? '');
  const readDay = columns.published === null ? null : dateReader(cellsOf(columns.published));
  const marks = new Map([...columns.ages.values()].map((at) => [at, decimalMark(cellsOf(at))]));
  const text = (cells: string[], at: number | null) => (at === null ? null : cells[at]?.trim() || null);
  const rows: EpisodeTableRow[] = [];
  const skipped: { line: number; message: string }[] = [];
  for (const record of parsed.records) {
    const counts = new Map<number, number>();
    for (const [age, at] of columns.ages) {
      const value = readNumber(record.cells[at] ?? '', marks.get(at) ?? null);
      if (value !== null && Number.isFinite(value) && value >= 0) counts.set(age, Math.round(value));
    }
    const published = columns.published === null ? '' : (record.cells[columns.published] ?? '');
    const row = {
      line: record.line,
      guid: text(record.cells, columns.guid),
      title: text(record.cells, columns.title),
      published_on: readDay ? readDay(published) : null,
      counts,
    };
    if ((row.guid ?? row.title ?? row.published_on) === null)
      skipped.push({ line: record.line, message: episodeTableMessages.noIdentity });
    else if (counts.size === 0) skipped.push({ line: record.line, message: episodeTableMessages.noFigure });
    else rows.push(row);
  }
  return { rows, skipped };
}
