// A podcast's sources as the API answers them (src/shared/audience.ts, audienceSource): never the
// sealed token, only its hint; the first and last stored day per source.
import type { AudienceSource } from '../../shared/audience.ts';
import type { Db } from '../db/database.ts';

function query(db: Db, podcastId: number) {
  const spans = db
    .selectFrom('audience_days')
    .select((eb) => ['source_id', eb.fn.min('day').as('first_day'), eb.fn.max('day').as('last_day')])
    .where('podcast_id', '=', podcastId)
    .groupBy('source_id')
    .as('spans');
  return db
    .selectFrom('audience_sources as s')
    .leftJoin(spans, 'spans.source_id', 's.id')
    .select([
      's.id',
      's.type',
      's.token_hint',
      's.show_title',
      's.status',
      's.message',
      's.last_fetched_at',
      'spans.first_day',
      'spans.last_day',
    ])
    .where('s.podcast_id', '=', podcastId)
    .orderBy('s.id');
}

type Row = Awaited<ReturnType<ReturnType<typeof query>['execute']>>[number];

const serialize = (row: Row): AudienceSource => ({
  id: row.id,
  type: row.type as AudienceSource['type'],
  token_hint: row.token_hint,
  show_title: row.show_title,
  status: row.status as AudienceSource['status'],
  message: row.message,
  last_fetched_at: row.last_fetched_at,
  first_day: (row.first_day as string | null) ?? null,
  last_day: (row.last_day as string | null) ?? null,
});

export async function readSources(db: Db, podcastId: number): Promise<AudienceSource[]> {
  return (await query(db, podcastId).execute()).map(serialize);
}

/** One source of the podcast, or undefined (another podcast's id is not found either). */
export async function readSource(db: Db, podcastId: number, sourceId: number) {
  const row = await query(db, podcastId).where('s.id', '=', sourceId).executeTakeFirst();
  return row && serialize(row);
}
