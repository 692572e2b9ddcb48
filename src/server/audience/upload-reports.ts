// An upload's reports and their previews: a CSV/TSV file is one report, Apple's zip one per
// tab-delimited report in it (upload-zip.ts). A pending upload keeps a zip's reports as JSON
// `{"reports":[{"name","text"}]}` in `content` under a file name ending in `.zip`, a single file as
// its text (no migration: both stay within UPLOAD_MAX_BYTES of text). The reports of
// one zip share one budget of UPLOAD_MAX_CELLS values, as one file has.
import {
  audienceMapping,
  audienceMessages,
  UPLOAD_MAX_CELLS,
  type AudienceMapping,
  type UploadColumn,
  type UploadReport,
} from '../../shared/audience.ts';
import type { Db } from '../db/database.ts';
import { invalid } from '../http/errors.ts';
import { matchEpisodeTable } from './episode-counts.ts';
import { readEpisodeTable } from './episode-table.ts';
import { guessKind, kindMessages } from './upload-kinds.ts';
import { checkMapping, guessMapping, readMapped } from './upload-mapping.ts';
import { withNotes } from './upload-meanings.ts';
import { decodeUpload, parseUpload, UploadRefused, type ParsedUpload } from './upload-parser.ts';
import { isZip, readZip } from './upload-zip.ts';

export type Report = { name: string; text: string };

const BUNDLE = '{"reports":[';
const isBundle = (fileName: string, content: string) =>
  fileName.toLowerCase().endsWith('.zip') && content.startsWith(BUNDLE);

const refused = (message: string) => invalid({ upload: [message] });

/** The uploaded file's reports (one, or a zip's), or the German 422 why none can be read. */
export function reportsOf(
  bytes: Buffer,
  fileName: string,
): { reports: Report[]; content: string; zip: boolean } {
  if (!isZip(bytes)) {
    const text = decodeUpload(bytes);
    if (text === null) throw refused(audienceMessages.uploadUnreadable);
    if (text.trim() === '') throw refused(audienceMessages.uploadEmpty(fileName));
    return { reports: [{ name: fileName, text }], content: text, zip: false };
  }
  let entries;
  try {
    entries = readZip(bytes);
  } catch (error) {
    if (error instanceof UploadRefused) throw refused(error.message);
    throw error;
  }
  // A report that is no text (a NUL byte) is kept empty: its preview says it cannot be read.
  const reports = entries.map(({ name, bytes: report }) => ({ name, text: decodeUpload(report) ?? '' }));
  return { reports, content: JSON.stringify({ reports }), zip: true };
}

/** The reports a pending upload keeps. */
export function storedReports(fileName: string, content: string): Report[] {
  if (!isBundle(fileName, content)) return [{ name: fileName, text: content }];
  return (JSON.parse(content) as { reports: Report[] }).reports;
}

/** What a pending upload keeps once `done` was imported: null when no report is left. */
export function withoutReport(reports: readonly Report[], done: string) {
  const left = reports.filter((r) => r.name !== done);
  return left.length ? JSON.stringify({ reports: left }) : null;
}

/** The mapping remembered for the shape, kept only where it still fits the file's columns. */
async function rememberedMapping(db: Db, podcastId: number, shape: string, columns: UploadColumn[]) {
  const row = await db
    .selectFrom('audience_mappings')
    .select('mapping')
    .where('podcast_id', '=', podcastId)
    .where('shape', '=', shape)
    .executeTakeFirst();
  const parsed = row ? audienceMapping.safeParse(JSON.parse(row.mapping)) : undefined;
  if (!parsed?.success || checkMapping(columns, parsed.data)) return null;
  return parsed.data;
}

/** A report's kind with its sentence, its columns with notes and the mapping to start from. */
async function previewOf(
  db: Db,
  podcastId: number,
  name: string,
  parsed: ParsedUpload,
): Promise<UploadReport> {
  const columns = withNotes(parsed);
  const mapping: Partial<AudienceMapping> =
    (await rememberedMapping(db, podcastId, parsed.shape, parsed.columns)) ?? guessMapping(parsed.columns);
  const guess = guessKind(parsed, mapping, (m) => readMapped(parsed, m).rows);
  // An episode table says how many of its rows match the feed's episodes.
  const table = guess.kind === 'episodes' ? readEpisodeTable(parsed) : null;
  const matched = table ? (await matchEpisodeTable(db, podcastId, table.rows)).matched : null;
  return {
    name,
    kind: guess.kind,
    kind_message:
      matched === null
        ? guess.message
        : `${guess.message} ${kindMessages.episodesMatched(matched, parsed.records.length)}`,
    columns,
    rows: parsed.records.length,
    mapping,
  };
}

const unreadable = (name: string, message: string): UploadReport => ({
  name,
  kind: 'unusable',
  kind_message: message,
  columns: [],
  rows: 0,
  mapping: {},
});

/**
 * Every report's preview. A single file that cannot be used is a 422 saying why (as before zips);
 * a zip is one when none of its reports can be used, each named with its reason. `shape`: the
 * first readable report's.
 */
export async function previewReports(db: Db, podcastId: number, reports: readonly Report[], zip: boolean) {
  let budget = UPLOAD_MAX_CELLS;
  let shape = '';
  const previews: UploadReport[] = [];
  for (const { name, text } of reports) {
    let parsed: ParsedUpload | null;
    try {
      parsed = text.trim() === '' ? null : parseUpload(text, budget);
    } catch (error) {
      if (error instanceof UploadRefused) throw refused(zip ? `${name}: ${error.message}` : error.message);
      throw error;
    }
    if (!parsed) {
      previews.push(
        unreadable(
          name,
          text.trim() === '' ? audienceMessages.uploadEmpty(name) : audienceMessages.uploadUnreadable,
        ),
      );
      continue;
    }
    budget -= parsed.records.length * parsed.columns.length;
    shape ||= parsed.shape;
    previews.push(await previewOf(db, podcastId, name, parsed));
  }
  if (previews.every((p) => p.kind === 'unusable'))
    throw invalid({
      upload: zip ? previews.map((p) => `${p.name}: ${p.kind_message}`) : [previews[0]!.kind_message],
    });
  return { previews, shape };
}
