// PostgreSQL's versions of kept session-and-access rows (db/change-memo.ts): the podcast's change
// counts (migration 0023), read with the row and checked by one small statement.
import { sql } from 'kysely';
import type { MemoVersions } from '../db/change-memo.ts';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import type { AccessRow } from './access-query.ts';
import { selectedPodcastId } from './kinds.ts';

/** PostgreSQL: whether the session is still there, with the change counts of its podcast and of everything. */
export const sessionCounts = preparedQuery((db: Db, sessionId: string, podcastId: number) =>
  db
    .selectFrom('sessions')
    .leftJoin('change_counts as podcast_changes', (j) => j.on('podcast_changes.podcast_id', '=', podcastId))
    .leftJoin('change_counts as all_changes', (j) => j.on('all_changes.podcast_id', '=', 0))
    .select(['podcast_changes.count as changes_of_podcast', 'all_changes.count as changes_of_all'])
    .where('sessions.id', '=', sessionId),
);

/**
 * PostgreSQL: whether the session is still there, the podcast its user has selected now, and that
 * podcast's change counts and those of everything (a kept row of the selected podcast holds while
 * it is the same podcast with the same counts).
 */
export const selectedCounts = preparedQuery((db: Db, sessionId: string) => {
  const selected = selectedPodcastId(db, sql.ref<number>('sessions.user_id'));
  return db
    .selectFrom('sessions')
    .leftJoin('change_counts as podcast_changes', (j) => j.on('podcast_changes.podcast_id', '=', selected))
    .leftJoin('change_counts as all_changes', (j) => j.on('all_changes.podcast_id', '=', 0))
    .select([
      selected.as('podcast_id'),
      'podcast_changes.count as changes_of_podcast',
      'all_changes.count as changes_of_all',
    ])
    .where('sessions.id', '=', sessionId);
});

/** PostgreSQL: the podcast's change counts as read with its row (migration 0023). */
export const versionOf = (row: Pick<AccessRow, 'changes_of_all' | 'changes_of_podcast'>) =>
  `${row.changes_of_all ?? 0}.${row.changes_of_podcast ?? 0}`;

/**
 * PostgreSQL's versions of kept session-and-access rows (db/change-memo.ts): the counts read with
 * the row, checked by one small statement, the session's row and the two counts by primary key.
 */
export function countedVersions(db: Db): MemoVersions {
  return {
    async current(sessionId, podcastId) {
      const [row] = await sessionCounts(db, sessionId, podcastId ?? 0);
      return row && versionOf(row);
    },
    read: countedRead,
  };
}

/** A read keeps the version of the counts its statement read with the row. */
const countedRead: MemoVersions['read'] = async (load) => {
  const loaded = await load();
  return [loaded, loaded?.version];
};

/**
 * PostgreSQL's versions of a kept row of the selected podcast (kind `selected`): the same counts,
 * checked only while the session's user has still selected the same podcast.
 */
export function selectedVersions(db: Db): MemoVersions {
  return {
    async current(sessionId, podcastId) {
      const [row] = await selectedCounts(db, sessionId);
      return row && row.podcast_id === podcastId ? versionOf(row) : undefined;
    },
    read: countedRead,
  };
}
