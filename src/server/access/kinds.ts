// The guard's registry: every kind of id a route path can name that belongs to a podcast, how it
// reaches its podcast (joins by primary key or an index) and the 404 a stranger gets for it.
// access/ knows only the podcast's own kinds (below); every other resource registers its kinds
// from a file of its own (experiments/experiment-kinds.ts, team/team-kinds.ts, …), named in the
// interface `PodcastKindNames` so a route's `via` is checked by the compiler, and registered by
// app.ts before the routes. A route naming a kind nobody registered is refused at registration
// (deny-by-default.ts). Entscheidung ACS-3: access imports no resource.
//
// The registry is code, not an app's state: every app registers the same kind objects, and a
// second registration of the same object is a no-op (tests build many apps in one process).
import { sql, type Expression } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { noExperiment, type Narrow, type PodcastKind } from './access-query.ts';

/** The names of the registered kinds; a resource adds its own by declaration merging. */
export interface PodcastKindNames {
  podcast: true;
  context: true;
  selected: true;
}
export type PodcastVia = keyof PodcastKindNames;

export const podcastMessages = {
  notFound: 'Diesen Podcast gibt es nicht.',
  role: 'Das darf deine Rolle in diesem Podcast nicht.',
  pro: 'Das gibt es nur in Studio Pro. Aktiviere die Kompass-KI für diesen Podcast.',
};

const podcastById: Narrow = (query, id) => query.where('podcasts.id', '=', id).select(noExperiment);

/**
 * The id of the podcast the caller selected, as a subquery: the stored one while they are still an
 * active member of it, else the first of theirs by title.
 */
export const selectedPodcastId = (db: Db, userId: number | Expression<number>) =>
  db
    .selectFrom('memberships as choice')
    .innerJoin('podcasts as chosen', 'chosen.id', 'choice.podcast_id')
    .leftJoin('user_contexts as stored', 'stored.user_id', 'choice.user_id')
    .select('chosen.id')
    .where('choice.user_id', '=', userId)
    .where('choice.active', '=', 1)
    .orderBy(sql`CASE WHEN ${sql.ref('chosen.id')} = ${sql.ref('stored.podcast_id')} THEN 0 ELSE 1 END`)
    .orderBy('chosen.title')
    .orderBy('chosen.id')
    .limit(1);

/**
 * The selected podcast, a kind of the guard (Entscheidung ACS-4): the choice comes with the
 * session and the change counts, and its answer is kept like the podcast's.
 */
const selectedPodcast: Narrow = (query, _id, userId, db) =>
  query.where('podcasts.id', '=', selectedPodcastId(db, userId)).select(noExperiment);

/** The tables whose rows name their podcast in a column `podcast_id`. */
type OwnedTable = {
  [T in keyof DB]: DB[T] extends { id: unknown; podcast_id: unknown } ? T : never;
}[keyof DB];

/** The narrow of a thing with its own `podcast_id` (a membership, an invitation, a tip). */
export const ownedBy =
  (table: OwnedTable): Narrow =>
  (query, id) =>
    query
      .innerJoin(`${table} as subject` as 'memberships as subject', 'subject.podcast_id', 'podcasts.id')
      .where('subject.id', '=', id)
      .select(noExperiment);

const kinds: Partial<Record<PodcastVia, PodcastKind>> = {};

/** The registered kinds (read-only; tests go over them). */
export const podcastKinds: Readonly<Partial<Record<PodcastVia, PodcastKind>>> = kinds;

/** Adds a resource's kinds; a name registered with another kind before is refused. */
export function registerPodcastKinds(added: Partial<Record<PodcastVia, PodcastKind>>) {
  for (const [via, kind] of Object.entries(added) as [PodcastVia, PodcastKind][]) {
    const known = kinds[via];
    if (known && known !== kind) throw new Error(`the podcast kind '${via}' is registered twice`);
    kinds[via] = kind;
  }
}

/** The kind `via`; throws for one nobody registered (a route refused at registration). */
export function kindOf(via: PodcastVia): PodcastKind {
  const kind = kinds[via];
  if (!kind) throw new Error(`no podcast kind '${via}' is registered`);
  return kind;
}

registerPodcastKinds({
  podcast: { missing: podcastMessages.notFound, narrow: podcastById },
  /** `?context={podcast id}` of a method read: optional, without it the route is the podcast's. */
  context: { missing: podcastMessages.notFound, from: 'context', narrow: podcastById },
  /** The caller's selected podcast (GET /api/account/context): none when they can select none. */
  selected: { missing: podcastMessages.notFound, from: 'session', narrow: selectedPodcast },
});
