// The caller's access row for one thing: the guard's query (access-query.ts) narrowed by the
// thing's kind (kinds.ts), prepared once per kind.
import type { Expression } from 'kysely';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { accessQuery, type AccessRow } from './access-query.ts';
import { kindOf, type PodcastVia } from './kinds.ts';

/** The guard's one query for the thing `id` of kind `via` (tests read its plan). */
export const accessRowQuery = (
  db: Db,
  now: Date,
  userId: number | Expression<number>,
  via: PodcastVia,
  id: number,
) => kindOf(via).narrow(accessQuery(db, now, userId), id, userId, db);

/**
 * A statement per kind, built and compiled at its first use (kinds register while the app is
 * built) and kept: `prepare(via)` is run once for each kind.
 */
export function perKind<F>(prepare: (via: PodcastVia) => F): (via: PodcastVia) => F {
  const made = new Map<PodcastVia, F>();
  return (via) => {
    let found = made.get(via);
    if (!found) made.set(via, (found = prepare(via)));
    return found;
  };
}

/**
 * The guard's query per kind, built and compiled once (prepared-query.ts; on SQLite run on the
 * reader): it runs before every podcast request, and Kysely building its joins cost more than
 * running it (Entscheidung ACS-1). `now` enters the query only as `toISOString()`.
 */
const preparedAccess = perKind((via) =>
  preparedQuery((db: Db, now: string, userId: number, id: number) =>
    accessRowQuery(db, { toISOString: () => now } as Date, userId, via, id),
  ),
) as (via: PodcastVia) => (db: Db, now: string, userId: number, id: number) => Promise<AccessRow[]>;

/**
 * The caller's access row for the thing `id` of kind `via`; undefined: 404. Read on every request;
 * a copy is kept only under the change counts (Entscheidung DB-1).
 */
export const findAccessRow = async (db: Db, now: Date, userId: number, via: PodcastVia, id: number) =>
  (await preparedAccess(via)(db, now.toISOString(), userId, id))[0];
