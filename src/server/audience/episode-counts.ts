// Per-episode downloads by age: storing an uploaded episode table (OP3's counts are stored by
// fetch-source.ts into the same table, audience_episodes) and reading every source's counts
// matched to the feed's episodes. Entscheidung AUD-17:
// - An upload's row is stored under the feed episode it matched (episode-match.ts), with the
//   feed's title and day, so a second file of the same episodes updates the same rows; a figure a
//   new file leaves out keeps the stored one (as days do, uploads.md).
// - Ages 1/3/7/30 and the total sit in their columns; every other age in `ages` (JSON).
// - Reading: OP3's counts win over an upload's for the same episode (as for days); a figure at an
//   age the episode has not reached yet (published_on + age after yesterday) is left out, so
//   episodes compare at equal age.
import { addDays } from '../../shared/calendar.ts';
import type { Db } from '../db/database.ts';
import type { AudienceEpisodesTable } from '../db/tables/audience.ts';
import type { EpisodeTableRow } from './episode-table.ts';
import { matchEpisodes, type FeedEpisode } from './episode-match.ts';

/** Ages with a column of their own; 0 is the total so far. */
const FIXED = {
  1: 'downloads_1',
  3: 'downloads_3',
  7: 'downloads_7',
  30: 'downloads_30',
  0: 'downloads_all',
} as const;
type FixedColumn = (typeof FIXED)[keyof typeof FIXED];
type CountColumns = Pick<AudienceEpisodesTable, FixedColumn | 'ages'>;

export async function readFeedEpisodes(db: Db, podcastId: number): Promise<FeedEpisode[]> {
  return db
    .selectFrom('episodes')
    .select(['guid', 'title', 'published_at'])
    .where('podcast_id', '=', podcastId)
    .orderBy('published_at', 'desc')
    .execute();
}

/** The columns of a row of counts (age in days → downloads). */
export function countColumns(counts: ReadonlyMap<number, number>): CountColumns {
  const extra: Record<string, number> = {};
  const columns: CountColumns = {
    downloads_1: null,
    downloads_3: null,
    downloads_7: null,
    downloads_30: null,
    downloads_all: null,
    ages: null,
  };
  for (const [age, value] of [...counts].sort((a, b) => a[0] - b[0])) {
    const column = FIXED[age as keyof typeof FIXED];
    if (column) columns[column] = value;
    else extra[String(age)] = value;
  }
  if (Object.keys(extra).length > 0) columns.ages = JSON.stringify(extra);
  return columns;
}

/** A stored row's counts (age in days → downloads). */
export function countsOf(row: CountColumns): Map<number, number> {
  const counts = new Map<number, number>();
  for (const [age, column] of Object.entries(FIXED)) {
    const value = row[column];
    if (value !== null && value !== undefined) counts.set(Number(age), Number(value));
  }
  if (row.ages) {
    for (const [age, value] of Object.entries(JSON.parse(row.ages) as Record<string, number>))
      counts.set(Number(age), value);
  }
  return counts;
}

/** Which rows of an episode table match the feed's episodes, and which do not (for the preview). */
export async function matchEpisodeTable(db: Db, podcastId: number, rows: readonly EpisodeTableRow[]) {
  const { matched, unmatched } = matchEpisodes(await readFeedEpisodes(db, podcastId), rows);
  return {
    matched: matched.length,
    unmatched: unmatched.map(({ row, message }) => ({ line: row.line, message })),
  };
}

/**
 * Stores an episode table's rows under the feed's episodes they match, as source `sourceId`
 * (the podcast's upload source), inside the caller's transaction. Rows matching no feed episode
 * come back with their line and why.
 */
export async function storeEpisodeCounts(
  trx: Db,
  { podcastId, sourceId }: { podcastId: number; sourceId: number },
  rows: readonly EpisodeTableRow[],
) {
  const { matched, unmatched } = matchEpisodes(await readFeedEpisodes(trx, podcastId), rows);
  const guids = matched.map((m) => m.episode.guid);
  const stored = new Map<string, Map<number, number>>();
  for (let i = 0; i < guids.length; i += 500) {
    const found = await trx
      .selectFrom('audience_episodes')
      .select(['item_guid', ...Object.values(FIXED), 'ages'])
      .where('source_id', '=', sourceId)
      .where('item_guid', 'in', guids.slice(i, i + 500))
      .execute();
    for (const row of found) stored.set(row.item_guid, countsOf(row));
  }
  let inserted = 0;
  let updated = 0;
  let unchanged = 0;
  for (const { row, episode } of matched) {
    const before = stored.get(episode.guid);
    const counts = new Map([...(before ?? []), ...row.counts]);
    if (before && [...counts].every(([age, value]) => before.get(age) === value)) {
      unchanged++;
      continue;
    }
    const values = {
      title: episode.title,
      published_on: episode.published_at?.slice(0, 10) ?? row.published_on,
      ...countColumns(counts),
    };
    await trx
      .insertInto('audience_episodes')
      .values({ source_id: sourceId, podcast_id: podcastId, item_guid: episode.guid, ...values })
      .onConflict((oc) => oc.columns(['source_id', 'item_guid']).doUpdateSet(values))
      .execute();
    if (before) updated++;
    else inserted++;
  }
  return {
    inserted,
    updated,
    unchanged,
    unmatched: unmatched.map(({ row, message }) => ({ line: row.line, message })),
  };
}

export type EpisodeFigures = {
  guid: string;
  title: string;
  published_on: string | null;
  source: 'op3' | 'upload' | null;
  /** Age in days → downloads in the first that many days (0: total so far); ages not yet reached left out. */
  counts: Map<number, number>;
};

/**
 * The feed's episodes, newest first, each with its counts from the best source (none: an empty
 * map and source null), and the source rows that match no feed episode. `today`: Berlin or UTC
 * date of now; an age counts once the episode has lived it completely (up to yesterday).
 */
export async function readEpisodeFigures(db: Db, podcastId: number, today: string) {
  const [feed, rows] = await Promise.all([
    readFeedEpisodes(db, podcastId),
    db
      .selectFrom('audience_episodes as e')
      .innerJoin('audience_sources as s', 's.id', 'e.source_id')
      .select(['e.item_guid', 'e.title', 'e.published_on', 's.type', ...Object.values(FIXED), 'e.ages'])
      .where('e.podcast_id', '=', podcastId)
      .execute(),
  ]);
  const bySource = (type: string) =>
    matchEpisodes(
      feed,
      rows.filter((r) => r.type === type).map((r) => ({ ...r, guid: r.item_guid })),
    );
  const op3 = bySource('op3');
  const upload = bySource('upload');
  const found = new Map<string, { source: 'op3' | 'upload'; row: CountColumns }>();
  for (const { episode, row } of upload.matched) found.set(episode.guid, { source: 'upload', row });
  for (const { episode, row } of op3.matched) found.set(episode.guid, { source: 'op3', row });
  const lastDay = addDays(today, -1);
  const episodes = feed.map((episode): EpisodeFigures => {
    const hit = found.get(episode.guid);
    const published = episode.published_at?.slice(0, 10) ?? null;
    const counts = hit ? countsOf(hit.row) : new Map<number, number>();
    if (published)
      for (const age of counts.keys())
        if (age > 0 && addDays(published, age - 1) > lastDay) counts.delete(age);
    return {
      guid: episode.guid,
      title: episode.title,
      published_on: published,
      source: hit?.source ?? null,
      counts,
    };
  });
  const unmatched = [...op3.unmatched, ...upload.unmatched].map(({ row }) => ({
    title: row.title,
    published_on: row.published_on,
    source: row.type as 'op3' | 'upload',
  }));
  return { episodes, unmatched };
}
