// Committing an uploaded export: in ONE transaction the podcast's 'upload' source (made on the
// first commit), the days (storeDays), the mapping remembered for the file's shape, the monthly
// metrics taken from the days, and the end of the pending upload. A failure anywhere leaves
// nothing behind.
//
// Decision 2026-12-01: rows that cannot be read do not block the others. A host's export often
// ends in a total line ("Summe", "Gesamt") or carries a note row, and a podcaster cannot easily
// edit an export; refusing a year of days for one such line would make the import useless. So the
// readable rows are imported, every unreadable row is listed with its line number and why, and
// the user can fix those lines and upload the file again: the days already stored come back as
// unchanged. Only a file in which no row at all can be read is refused (422), and then nothing
// changes and the upload stays pending for another mapping. The answer lists the first 100
// unreadable rows and counts all (`error_count`); the 422 lists the first 10 (2026-12-06).
import type { AudienceMapping } from '../../shared/audience.ts';
import type { Db } from '../db/database.ts';
import { invalid, notFound } from '../http/errors.ts';
import { audienceMessages } from '../../shared/audience.ts';
import { storeDays } from './store-days.ts';
import { checkMapping, readMapped } from './upload-mapping.ts';
import { checkMeaning } from './upload-meanings.ts';
import { parseUpload, UploadRefused } from './upload-parser.ts';
import { updateSourceMetrics } from './source-metrics.ts';

const SHOWN_ERRORS = 10;
export const noRowReadable = 'In dieser Datei konnten wir keine Zeile lesen.';

/** The podcast's upload source, made on its first commit (a parallel commit's row is taken). */
async function uploadSource(trx: Db, podcastId: number, now: string) {
  await trx
    .insertInto('audience_sources')
    .values({ podcast_id: podcastId, type: 'upload', status: 'ok', failures: 0, created_at: now })
    .onConflict((oc) => oc.columns(['podcast_id', 'type']).doNothing())
    .execute();
  return trx
    .selectFrom('audience_sources')
    .select('id')
    .where('podcast_id', '=', podcastId)
    .where('type', '=', 'upload')
    .executeTakeFirstOrThrow();
}

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

export async function commitUpload(
  db: Db,
  {
    podcastId,
    uploadId,
    mapping,
    now,
  }: { podcastId: number; uploadId: number; mapping: AudienceMapping; now: Date },
) {
  const upload = await db
    .selectFrom('audience_uploads')
    .select(['content', 'shape'])
    .where('id', '=', uploadId)
    .where('podcast_id', '=', podcastId)
    .executeTakeFirst();
  if (!upload) throw notFound(audienceMessages.uploadNotFound);
  const parsed = parseExport(upload.content);
  const wrong = checkMapping(parsed.columns, mapping);
  if (wrong) throw invalid(wrong);
  const { rows, errors, unreadable } = readMapped(parsed, mapping);
  if (rows.length === 0) {
    const lines = errors.slice(0, SHOWN_ERRORS).map((e) => `Zeile ${e.line}: ${e.message}`);
    throw invalid({ upload: [noRowReadable, ...lines] });
  }
  const meaning = checkMeaning(rows, mapping);
  if (meaning) throw invalid(meaning);
  const at = now.toISOString();
  const counts = await db.transaction().execute(async (trx) => {
    // First, so that two commits of the same upload cannot both store it: the second finds none.
    const gone = await trx
      .deleteFrom('audience_uploads')
      .where('id', '=', uploadId)
      .where('podcast_id', '=', podcastId)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) throw notFound(audienceMessages.uploadNotFound);
    const source = await uploadSource(trx, podcastId, at);
    const stored = await storeDays(trx, { sourceId: source.id, podcastId }, rows);
    const value = JSON.stringify(storedMapping(mapping));
    await trx
      .insertInto('audience_mappings')
      .values({ podcast_id: podcastId, shape: upload.shape, mapping: value, updated_at: at })
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
  return { ...counts, errors, error_count: unreadable };
}
