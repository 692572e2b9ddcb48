// Reads an uploaded export (CSV or TSV from a host, Apple Podcasts Connect, Spotify for Creators, a
// spreadsheet) into its header, its data rows with their line numbers, and its columns with a kind
// and a few samples. papaparse does the splitting (quotes, line breaks inside quotes, CRLF); this
// file decides what papaparse cannot know.
//
// Entscheidung AUD-14, its rules:
// - Text: UTF-8 (a BOM is dropped), UTF-16 with its BOM, else Windows-1252 (Excel's "CSV" in a
//   German Windows). A NUL byte means a binary file (a zip, an xlsx): unreadable.
// - Separator: of `,` `;` tab `|`, the one that splits the first rows into the most rows of one
//   width, weighted by that width. Excel's `sep=;` first line names it outright.
// - Header: the first row of that width (or wider) whose cells are at least half filled and none
//   reads as a date or number. Title lines above it ("Statistik für …", "Zeitraum: …", a padded
//   `Titel;;;`) are skipped; a file without such a row is unreadable.
// - A column's kind: 'date' when more than half of its filled cells read as dates, 'number' when
//   they read as numbers, else 'text': a total line ("Gesamt") or a few broken rows do not hide
//   the kind; the rows that do not fit are listed at the commit. Told from a column's first 2,000
//   filled cells (a 5 MB file has a hundred thousand rows).
// - The shape is a hash of the normalised header names (trimmed, lower case, spaces collapsed):
//   the next export from the same place has the same shape and gets the remembered mapping.
// - Bounds: rows are split with a bound on each (upload-rows.ts); a row of
//   more than UPLOAD_MAX_COLUMNS cells, or more than UPLOAD_MAX_CELLS values below the header
//   (rows × the header's width, as they are kept), ends the reading with UploadRefused, so no file
//   costs more than those cells. No header among the first 40 filled rows ends the reading too.
//   Column names are cut to 100 characters and samples to 50: the preview's answer stays small.
import { createHash } from 'node:crypto';
import {
  audienceMessages,
  UPLOAD_MAX_CELLS,
  UPLOAD_MAX_COLUMNS,
  UPLOAD_MAX_ROW_CHARS,
  type UploadColumn,
} from '../../shared/audience.ts';
import { eachRow, lineBreakOf, type LineBreak } from './upload-rows.ts';
import { isBlank, isCompactDateColumn, looksLikeDate, looksLikeNumber } from './upload-values.ts';

export type UploadRecord = { line: number; cells: string[] };
export type ParsedUpload = { columns: UploadColumn[]; records: UploadRecord[]; shape: string };

/** A file beyond the upload's bounds; the message is German, the routes answer it as a 422. */
export class UploadRefused extends Error {}

const SEPARATORS = [',', ';', '\t', '|'];
const PROBE_ROWS = 40;
const SAMPLES = 3;
const NAME_CHARS = 100;
const SAMPLE_CHARS = 50;

/** The file's text, or null when it is no text file. */
export function decodeUpload(bytes: Buffer): string | null {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff)
    text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  return text.includes('\0') ? null : text.replace(/^\uFEFF/, '');
}

function filled(row: readonly string[]) {
  return row.filter((cell) => cell.trim() !== '').length;
}

/** `text` cut to `max` characters, marked with '…' where cut. */
export function cut(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

type Probe = { separator: string; width: number; score: number; long: number | null };

/**
 * A separator's first 40 rows: their most telling width (count × width). The probe ends at a row
 * of more than UPLOAD_MAX_COLUMNS cells (its width counts) or at one too long to split (`long`:
 * its offset).
 */
function probe(text: string, separator: string, newline: LineBreak): Probe {
  const widths = new Map<number, number>();
  let seen = 0;
  const read = eachRow(text, separator, newline, (row) => {
    // papaparse's `skipEmptyLines: 'greedy'` over its first 40 rows, as a whole-text preview has it.
    if (row.length > 1 && row.join('').trim() !== '')
      widths.set(row.length, (widths.get(row.length) ?? 0) + 1);
    return ++seen < PROBE_ROWS && row.length <= UPLOAD_MAX_COLUMNS;
  });
  let best: Probe = { separator, width: 0, score: 0, long: read.stop === 'long' ? read.at : null };
  for (const [width, count] of widths)
    if (count * width > best.score) best = { ...best, width, score: count * width };
  return best;
}

/** The separator whose rows agree best on one width (the first on a tie; ',' when none does). */
function detectSeparator(text: string, newline: LineBreak) {
  const probes = SEPARATORS.map((separator) => probe(text, separator, newline));
  return probes.reduce((best, next) => (next.score > best.score ? next : best), {
    ...probes[0]!,
    width: 0,
    score: 0,
  });
}

function isHeader(row: readonly string[], width: number) {
  if (row.length < width || filled(row) < Math.max(2, Math.ceil(width / 2))) return false;
  return row.every((cell) => isBlank(cell) || (!looksLikeDate(cell) && !looksLikeNumber(cell)));
}

function columnNames(header: readonly string[]) {
  const seen = new Map<string, number>();
  return header.map((raw, index) => {
    const name = cut(raw.trim().replace(/\s+/g, ' '), NAME_CHARS) || `Spalte ${index + 1}`;
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name} (${count})`;
  });
}

export function normaliseName(name: string) {
  return name.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Filled cells a column's kind is told from: enough to see a pattern, cheap on a large file. */
const KIND_SAMPLE = 2000;

function kindOf(cells: readonly string[]): UploadColumn['kind'] {
  const values: string[] = [];
  for (const cell of cells) {
    if (values.length === KIND_SAMPLE) break;
    if (!isBlank(cell)) values.push(cell);
  }
  if (values.length === 0) return 'text';
  if (isCompactDateColumn(cells)) return 'date';
  const enough = (count: number) => count * 2 > values.length;
  if (enough(values.filter(looksLikeDate).length)) return 'date';
  if (enough(values.filter(looksLikeNumber).length)) return 'number';
  return 'text';
}

/** The first few distinct filled cells, cut for the preview. */
function samplesOf(cells: readonly string[]) {
  const samples = new Set<string>();
  for (const cell of cells) {
    if (samples.size === SAMPLES) break;
    if (cell !== '') samples.add(cut(cell, SAMPLE_CHARS));
  }
  return [...samples];
}

const lineOf = (text: string, offset: number, first: number) => {
  let line = first;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
};

/** A row too long to split: its first 64 KB split, too many columns under a separator, else too long. */
function longRow(text: string, at: number, line: number, separators: string[], newline: LineBreak) {
  const head = text.slice(at, at + UPLOAD_MAX_ROW_CHARS);
  const wide = separators.some((separator) => {
    let cells = 0;
    eachRow(head, separator, newline, (row) => ((cells = row.length), false));
    return cells > UPLOAD_MAX_COLUMNS;
  });
  return new UploadRefused(wide ? audienceMessages.tooManyColumns(line) : audienceMessages.rowTooLong(line));
}

/**
 * The export's columns and rows, or null when it has no header row with two columns or more
 * among its first 40 filled rows; UploadRefused when it is beyond the bounds (`maxCells`: what the
 * other reports of the same zip left of UPLOAD_MAX_CELLS).
 */
export function parseUpload(source: string, maxCells = UPLOAD_MAX_CELLS): ParsedUpload | null {
  let text = source;
  let skippedLines = 0;
  let forced: string | undefined;
  const hint = /^"?sep=(.)"?\r?\n/i.exec(text);
  if (hint) {
    forced = hint[1];
    text = text.slice(hint[0].length);
    skippedLines = 1;
  }
  const newline = lineBreakOf(text);
  const detected = detectSeparator(text, newline);
  const separator = forced ?? detected.separator;
  if (!forced && detected.width < 2) {
    const at = detected.long;
    if (at !== null) throw longRow(text, at, lineOf(text, at, 1 + skippedLines), SEPARATORS, newline);
    return null;
  }

  const width = forced ? Math.max(2, detected.width) : detected.width;
  let header: UploadRecord | undefined;
  let before = 0;
  let refused: UploadRefused | undefined;
  const records: UploadRecord[] = [];
  let cells = 0;
  let line = 1 + skippedLines;
  const read = eachRow(text, separator, newline, (row, start, end) => {
    if (row.length > UPLOAD_MAX_COLUMNS) refused = new UploadRefused(audienceMessages.tooManyColumns(line));
    else if (filled(row) > 0) {
      const record = { line, cells: row.map((cell) => cell.trim()) };
      if (header) {
        // Every record as wide as the header: padded, or cut where it runs on beyond it.
        record.cells.length = header.cells.length;
        record.cells.fill('', Math.min(row.length, header.cells.length));
        records.push(record);
        cells += header.cells.length;
        if (cells > maxCells) refused = new UploadRefused(audienceMessages.tooManyCells);
      } else if (isHeader(record.cells, width)) header = record;
      else if (++before === PROBE_ROWS) return false;
    }
    for (let i = start; i < end; i++) if (text.charCodeAt(i) === 10) line++;
    return refused === undefined;
  });
  if (refused) throw refused;
  if (read.stop === 'long') throw longRow(text, read.at, line, [separator], newline);
  if (!header) return null;
  const names = columnNames(header.cells);
  const columns = names.map((name, i): UploadColumn => {
    const column = records.map((record) => record.cells[i] ?? '');
    return { name, kind: kindOf(column), samples: samplesOf(column) };
  });
  const shape = createHash('sha256')
    .update(names.map(normaliseName).join('\u001f'))
    .digest('hex')
    .slice(0, 32);
  return { columns, records, shape };
}
