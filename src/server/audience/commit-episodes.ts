// Committing an upload that is a table per episode (upload-kinds.ts decides the kind): its rows
// read at the ages its columns name (episode-table.ts) and stored under the feed's episodes they
// match (episode-counts.ts), as the podcast's upload source, in one transaction with taking the
// pending upload. Every row that cannot count (no figure, no identity, no feed episode) is listed
// with its line and why. The answer has the shape of a commit of days, counted in episodes.
import type { Db } from '../db/database.ts';
import { invalid } from '../http/errors.ts';
import { storeEpisodeCounts } from './episode-counts.ts';
import { readEpisodeTable } from './episode-table.ts';
import { kindMessages } from './upload-kinds.ts';
import { SHOWN_ROW_ERRORS } from './upload-mapping.ts';
import type { ParsedUpload } from './upload-parser.ts';
import { takePending, uploadSource } from './upload-pending.ts';

const SHOWN_ERRORS = 10;

export async function commitEpisodes(
  db: Db,
  at: { podcastId: number; uploadId: number; content: string; left: string | null; now: Date },
  parsed: ParsedUpload,
) {
  const table = readEpisodeTable(parsed);
  if (!table) throw invalid({ kind: [kindMessages.episodesWithoutDownloads] });
  if (table.rows.length === 0) {
    const lines = table.skipped.slice(0, SHOWN_ERRORS).map((e) => `Zeile ${e.line}: ${e.message}`);
    throw invalid({ upload: [kindMessages.noEpisodeReadable, ...lines] });
  }
  const now = at.now.toISOString();
  const stored = await db.transaction().execute(async (trx) => {
    await takePending(trx, at);
    const source = await uploadSource(trx, at.podcastId, now);
    const counts = await storeEpisodeCounts(
      trx,
      { podcastId: at.podcastId, sourceId: source.id },
      table.rows,
    );
    await trx
      .updateTable('audience_sources')
      .set({ status: 'ok', message: null, last_fetched_at: now })
      .where('id', '=', source.id)
      .execute();
    return counts;
  });
  const errors = [...table.skipped, ...stored.unmatched].sort((a, b) => a.line - b.line);
  return {
    inserted: stored.inserted,
    updated: stored.updated,
    unchanged: stored.unchanged,
    errors: errors.slice(0, SHOWN_ROW_ERRORS),
    error_count: errors.length,
  };
}
