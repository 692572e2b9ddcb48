// Reads an uploaded export (CSV or TSV from a host, Apple Podcasts Connect, Spotify for Creators, a
// spreadsheet) into its header, its data rows with their line numbers, and its columns with a kind
// and a few samples. papaparse does the splitting (quotes, line breaks inside quotes, CRLF); this
// file decides what papaparse cannot know.
//
// Decisions 2026-12-01:
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
import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import type { UploadColumn } from '../../shared/audience.ts';
import { isBlank, looksLikeDate, looksLikeNumber } from './upload-values.ts';

export type UploadRecord = { line: number; cells: string[] };
export type ParsedUpload = { columns: UploadColumn[]; records: UploadRecord[]; shape: string };

const SEPARATORS = [',', ';', '\t', '|'];
const PROBE_ROWS = 40;
const SAMPLES = 3;

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

/** The separator whose rows agree best on one width, and that width. */
function detectSeparator(text: string) {
  let best = { separator: ',', width: 0, score: 0 };
  for (const separator of SEPARATORS) {
    const rows = Papa.parse<string[]>(text, {
      delimiter: separator,
      preview: PROBE_ROWS,
      skipEmptyLines: 'greedy',
    }).data;
    const widths = new Map<number, number>();
    for (const row of rows) if (row.length > 1) widths.set(row.length, (widths.get(row.length) ?? 0) + 1);
    for (const [width, count] of widths) {
      if (count * width > best.score) best = { separator, width, score: count * width };
    }
  }
  return best;
}

function isHeader(row: readonly string[], width: number) {
  if (row.length < width || filled(row) < Math.max(2, Math.ceil(width / 2))) return false;
  return row.every((cell) => isBlank(cell) || (!looksLikeDate(cell) && !looksLikeNumber(cell)));
}

function columnNames(header: readonly string[]) {
  const seen = new Map<string, number>();
  return header.map((raw, index) => {
    const name = raw.trim().replace(/\s+/g, ' ') || `Spalte ${index + 1}`;
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
  const enough = (count: number) => count * 2 > values.length;
  if (enough(values.filter(looksLikeDate).length)) return 'date';
  if (enough(values.filter(looksLikeNumber).length)) return 'number';
  return 'text';
}

/** The export's columns and rows, or null when it has no header row with two columns or more. */
export function parseUpload(source: string): ParsedUpload | null {
  let text = source;
  let skippedLines = 0;
  let forced: string | undefined;
  const hint = /^"?sep=(.)"?\r?\n/i.exec(text);
  if (hint) {
    forced = hint[1];
    text = text.slice(hint[0].length);
    skippedLines = 1;
  }
  const detected = detectSeparator(text);
  const separator = forced ?? detected.separator;
  if (!forced && detected.width < 2) return null;

  const rows: UploadRecord[] = [];
  let line = 1 + skippedLines;
  let start = 0;
  Papa.parse<string[]>(text, {
    delimiter: separator,
    step: ({ data, meta }) => {
      if (filled(data) > 0) rows.push({ line, cells: data.map((cell) => cell.trim()) });
      for (let i = start; i < meta.cursor; i++) if (text.charCodeAt(i) === 10) line++;
      start = meta.cursor;
    },
  });
  const width = forced ? Math.max(2, detected.width) : detected.width;
  const headerAt = rows.slice(0, PROBE_ROWS).findIndex((row) => isHeader(row.cells, width));
  const header = rows[headerAt];
  if (!header) return null;
  const names = columnNames(header.cells);
  const records = rows
    .slice(headerAt + 1)
    .map((row) => ({ line: row.line, cells: names.map((_, i) => row.cells[i] ?? '') }));
  const columns = names.map((name, i): UploadColumn => {
    const cells = records.map((record) => record.cells[i] ?? '');
    const samples = [...new Set(cells.filter((cell) => cell !== ''))].slice(0, SAMPLES);
    return { name, kind: kindOf(cells), samples };
  });
  const shape = createHash('sha256')
    .update(names.map(normaliseName).join('\u001f'))
    .digest('hex')
    .slice(0, 32);
  return { columns, records, shape };
}
