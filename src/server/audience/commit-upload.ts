// Committing an uploaded export: in ONE transaction the podcast's 'upload' source (made on the
// first commit), the days (storeDays), the upload itself with the figures it gave
// (upload-imports.ts: so it can be taken back alone), the mapping remembered for the file's
// shape, the monthly metrics taken from the days, and the end of the pending upload. A failure
// anywhere leaves nothing behind.
//
// Decision 2026-12-01: rows that cannot be read do not block the others. A host's export often
// ends in a total line ("Summe", "Gesamt") or carries a note row, and a podcaster cannot easily
// edit an export; refusing a year of days for one such line would make the import useless. So the
// readable rows are imported, every unreadable row is listed with its line number and why, and
// the user can fix those lines and upload the file again: the days already stored come back as
// unchanged. Only a file in which no row at all can be read is refused (422), and then nothing
// changes and the upload stays pending for another mapping. The answer lists the first 100
// unreadable rows and counts all (`error_count`); the 422 lists the first 10 (2026-12-06).
// 2026-12-07: the kind the podcaster chose (else the guess, upload-kinds.ts) is checked against
// the file first; a running total is stored as its differences from day to day. A zip's report
// is imported alone: the pending upload keeps the others until they are imported too.
import type { AudienceMapping, UploadKind } from '../../shared/audience.ts';
import type { Db } from '../db/database.ts';
import { invalid, notFound } from '../http/errors.ts';
import { audienceMessages } from '../../shared/audience.ts';
import { storeDays } from './store-days.ts';
import { recordImport } from './upload-imports.ts';
import { checkMapping, readMapped, SHOWN_ROW_ERRORS } from './upload-mapping.ts';
import { checkKind, guessKind } from './upload-kinds.ts';
import { parseUpload, UploadRefused } from './upload-parser.ts';
import { commitEpisodes } from './commit-episodes.ts';
import { takePending, uploadSource } from './upload-pending.ts';
import { storedReports, withoutReport } from './upload-reports.ts';
import { dailyDifferences } from './upload-running.ts';
import { updateSourceMetrics } from './source-metrics.ts';

const SHOWN_ERRORS = 10;
export const noRowReadable = 'In dieser Datei konnten wir keine Zeile lesen.';

/** The export's columns and rows, or the German 422 (at `upload`) why it cannot be read. */
export function parseExport(text: string | null) {
  let parsed;
  try {
    parsed = text === null ? null : parseUpload(text);
  } catch (error) {
    if (error instanceof UploadRefused) throw invalid({ upload: [error.message] });
    throw error;
  }
  if (!parsed) throw invalid({ upload: [audienceMessages.uploadUnreadable] });
  return parsed;
}

/** The mapping as stored: only the fields that name a column. */
export function storedMapping(mapping: AudienceMapping) {
  return Object.fromEntries(Object.entries(mapping).filter(([, column]) => column)) as AudienceMapping;
}

/** The pending upload's report (`name`, else its first) with its rows. */
async function pendingReport(db: Db, podcastId: number, uploadId: number, name: string | undefined) {
  const upload = await db
    .selectFrom('audience_uploads')
    .select(['content', 'file_name', 'user_id'])
    .where('id', '=', uploadId)
    .where('podcast_id', '=', podcastId)
    .executeTakeFirst();
  if (!upload) throw notFound(audienceMessages.uploadNotFound);
  const reports = storedReports(upload.file_name, upload.content);
  const report = name === undefined ? reports[0] : reports.find((r) => r.name === name);
  if (!report) throw invalid({ report: [audienceMessages.reportUnknown] });
  return { upload, reports, report, parsed: parseExport(report.text) };
}

export async function commitUpload(
  db: Db,
  {
    podcastId,
    uploadId,
    mapping,
    kind: chosen,
    report: reportName,
    now,
  }: {
    podcastId: number;
    uploadId: number;
    mapping: AudienceMapping;
    kind?: UploadKind | undefined;
    report?: string | undefined;
    now: Date;
  },
) {
  const { upload, reports, report, parsed } = await pendingReport(db, podcastId, uploadId, reportName);
  const kind = chosen ?? guessKind(parsed, mapping, (m) => readMapped(parsed, m).rows).kind;
  // A table per episode is stored per episode, whatever its date and figure columns are mapped to.
  if (kind === 'episodes' || chosen === 'unusable') {
    const never = checkKind(kind, parsed, mapping, null);
    if (never) throw invalid(never);
    const left = withoutReport(reports, report.name);
    return commitEpisodes(db, { podcastId, uploadId, content: upload.content, left, now }, parsed);
  }
  const wrong = checkMapping(parsed.columns, mapping);
  if (wrong) throw invalid(wrong);
  const refused = checkKind(kind, parsed, mapping, null);
  if (refused) throw invalid(refused);
  const read = readMapped(parsed, mapping);
  const falls = checkKind(kind, parsed, mapping, read.rows);
  if (falls) throw invalid(falls);
  const running = kind === 'running_total' ? dailyDifferences(read.rows, mapping, read.lines) : null;
  const rows = running ? running.rows : read.rows;
  const errors = running ? [...read.errors, ...running.errors].sort((a, b) => a.line - b.line) : read.errors;
  const unreadable = read.unreadable + (running?.errors.length ?? 0);
  if (rows.length === 0) {
    const lines = errors.slice(0, SHOWN_ERRORS).map((e) => `Zeile ${e.line}: ${e.message}`);
    throw invalid({ upload: [noRowReadable, ...lines] });
  }
  const at = now.toISOString();
  const left = withoutReport(reports, report.name);
  const counts = await db.transaction().execute(async (trx) => {
    await takePending(trx, { uploadId, podcastId, content: upload.content, left });
    const source = await uploadSource(trx, podcastId, at);
    const stored = await storeDays(trx, { sourceId: source.id, podcastId }, rows);
    // This upload's own figures, so it can be taken back alone (upload-imports.ts).
    const fileName =
      report.name === upload.file_name ? upload.file_name : `${upload.file_name}: ${report.name}`;
    await recordImport(
      trx,
      { podcastId, sourceId: source.id, userId: upload.user_id, fileName, now: at },
      rows,
    );
    const value = JSON.stringify(storedMapping(mapping));
    await trx
      .insertInto('audience_mappings')
      .values({ podcast_id: podcastId, shape: parsed.shape, mapping: value, updated_at: at })
      .onConflict((oc) => oc.columns(['podcast_id', 'shape']).doUpdateSet({ mapping: value, updated_at: at }))
      .execute();
    await trx
      .updateTable('audience_sources')
      .set({ status: 'ok', message: null, last_fetched_at: at })
      .where('id', '=', source.id)
      .execute();
    await updateSourceMetrics(trx, podcastId, now);
    return stored;
  });
  return { ...counts, errors: errors.slice(0, SHOWN_ROW_ERRORS), error_count: unreadable };
}
