// Each committed upload keeps the figures it gave per day (audience_import_days), beside the
// upload source's merged days (audience_days) that every reader uses. Entscheidung AUD-16:
// - The merged days are the uploads' figures folded oldest to newest, a figure a newer upload
//   leaves out keeping an older one's (the rule storeDays applies at each commit), so taking one
//   upload back merges the remaining uploads' figures anew for just the days it gave: they say
//   what the other files said, and a day no other file gave is gone. OP3 is a source of its own
//   and wins over uploads as before (audience-days.ts).
// - Taking back the last upload removes the upload source, like its 'Entfernen'.
// - The metrics taken from the days follow (source-metrics.ts), in the same transaction.
import type { AudienceImport } from '../../shared/audience-imports.ts';
import type { Db } from '../db/database.ts';
import { daySeries, mergeInput, upsertDays, type DayRow } from './store-days.ts';
import { updateSourceMetrics } from './source-metrics.ts';

const BATCH = 500;

/** Stores one committed upload and its figures (inside the commit's transaction). */
export async function recordImport(
  trx: Db,
  at: { podcastId: number; sourceId: number; userId: number | null; fileName: string; now: string },
  rows: readonly DayRow[],
) {
  const row = await trx
    .insertInto('audience_imports')
    .values({
      podcast_id: at.podcastId,
      source_id: at.sourceId,
      user_id: at.userId,
      file_name: at.fileName,
      created_at: at.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const days = [...mergeInput(rows)]
    .map(([day, figures]) => ({
      import_id: row.id,
      podcast_id: at.podcastId,
      day,
      ...Object.fromEntries(daySeries.map((s) => [s, figures[s] ?? null])),
    }))
    .filter((d) => daySeries.some((s) => (d as Record<string, unknown>)[s] !== null));
  for (let start = 0; start < days.length; start += BATCH) {
    await trx
      .insertInto('audience_import_days')
      .values(days.slice(start, start + BATCH) as never)
      .execute();
  }
  return row.id;
}

/** The podcast's uploads, newest first, each with its days and series. */
export async function listImports(db: Db, podcastId: number): Promise<AudienceImport[]> {
  const [imports, figures] = await Promise.all([
    db
      .selectFrom('audience_imports')
      .select(['id', 'file_name', 'created_at'])
      .where('podcast_id', '=', podcastId)
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('audience_import_days')
      .select((eb) => [
        'import_id',
        eb.fn.countAll<number | string>().as('days'),
        eb.fn.min('day').as('first_day'),
        eb.fn.max('day').as('last_day'),
        ...daySeries.map((s) => eb.fn.count<number | string>(s).as(s)),
      ])
      .where('podcast_id', '=', podcastId)
      .groupBy('import_id')
      .execute(),
  ]);
  const byImport = new Map(figures.map((f) => [f.import_id, f]));
  return imports.map((i) => {
    const f = byImport.get(i.id);
    return {
      id: i.id,
      file_name: i.file_name,
      created_at: i.created_at,
      days: Number(f?.days ?? 0),
      first_day: f?.first_day ?? null,
      last_day: f?.last_day ?? null,
      series: daySeries.filter((s) => Number(f?.[s] ?? 0) > 0),
    };
  });
}

/** Takes one upload back; false when the podcast has no such upload. */
export async function removeImport(trx: Db, podcastId: number, importId: number, now: Date) {
  const found = await trx
    .selectFrom('audience_imports')
    .select('source_id')
    .where('id', '=', importId)
    .where('podcast_id', '=', podcastId)
    .executeTakeFirst();
  if (!found) return false;
  const sourceId = found.source_id;
  const days = (
    await trx.selectFrom('audience_import_days').select('day').where('import_id', '=', importId).execute()
  ).map((d) => d.day);
  await trx.deleteFrom('audience_import_days').where('import_id', '=', importId).execute();
  await trx.deleteFrom('audience_imports').where('id', '=', importId).execute();
  const left = await trx
    .selectFrom('audience_imports')
    .select('id')
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
  if (!left) {
    await trx.deleteFrom('audience_days').where('source_id', '=', sourceId).execute();
    await trx.deleteFrom('audience_sources').where('id', '=', sourceId).execute();
  } else {
    for (let start = 0; start < days.length; start += BATCH) {
      await remerge(trx, { podcastId, sourceId }, days.slice(start, start + BATCH));
    }
  }
  await updateSourceMetrics(trx, podcastId, now);
  return true;
}

/** The upload source's `days` merged anew from the uploads left: oldest first, newer over older. */
async function remerge(trx: Db, at: { podcastId: number; sourceId: number }, days: string[]) {
  const rows = await trx
    .selectFrom('audience_import_days as d')
    .innerJoin('audience_imports as i', 'i.id', 'd.import_id')
    .select(['d.day', ...daySeries.map((s) => `d.${s}` as const)])
    .where('i.source_id', '=', at.sourceId)
    .where('d.day', 'in', days)
    .orderBy('d.import_id')
    .execute();
  const merged = mergeInput(rows);
  const kept = [...merged].map(([day, figures]) => ({
    source_id: at.sourceId,
    podcast_id: at.podcastId,
    day,
    ...Object.fromEntries(daySeries.map((s) => [s, figures[s] ?? null])),
  }));
  const gone = days.filter((day) => !merged.has(day));
  if (gone.length) {
    await trx
      .deleteFrom('audience_days')
      .where('source_id', '=', at.sourceId)
      .where('day', 'in', gone)
      .execute();
  }
  if (kept.length === 0) return;
  await upsertDays(trx, kept);
}
