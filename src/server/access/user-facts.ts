// What the API says of a user besides their row (profile, image key, podcasts owned, coworkers),
// read with the session (session.ts) or apart (users/serialize-user.ts). Here, below both, since
// the session's read needs the facts' query and the user's serializer the session's user.
import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DB, UsersTable } from '../db/schema.ts';
import { preparedQuery } from '../db/prepared-query.ts';

// Every page load serializes the user (the session probe, /api/account): what it reads besides
// the user's row (profile, image key, podcasts owned, coworkers) comes in one prepared statement
// (prepared-query.ts), not four (Entscheidung ACS-5). On PostgreSQL the account's own reads take
// them with the session (session.ts).
/** The facts of the users `u` besides their rows (narrowed to one by the caller). */
export const withUserFacts = (query: SelectQueryBuilder<DB & { u: UsersTable }, 'u', object>) =>
  query
    .leftJoin('profiles as pr', 'pr.user_id', 'u.id')
    .leftJoin('images as i', 'i.id', 'u.image_id')
    .select([
      'pr.user_id as profile_user_id',
      'pr.username',
      'pr.position',
      'pr.language',
      'pr.referrer',
      'i.key as image_key',
    ])
    .select((eb) => [
      // The owner of a podcast is its membership with role owner (src/shared/roles.ts).
      eb
        .selectFrom('memberships')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('memberships.user_id', '=', 'u.id')
        .where('memberships.role', '=', 'owner')
        .as('owned_podcasts'),
      // The people GET /api/coworkers lists: they share an active membership with the user.
      eb
        .selectFrom('memberships as mine')
        .innerJoin('memberships as theirs', 'theirs.podcast_id', 'mine.podcast_id')
        .select((c) => c.fn.count<number>('theirs.user_id').distinct().as('n'))
        .whereRef('mine.user_id', '=', 'u.id')
        .where('mine.active', '=', 1)
        .where('theirs.active', '=', 1)
        .whereRef('theirs.user_id', '!=', 'u.id')
        .as('num_coworkers'),
    ]);
export const userFacts = preparedQuery((db: Db, userId: number) =>
  withUserFacts(db.selectFrom('users as u')).where('u.id', '=', userId),
);
export type UserFacts = Awaited<ReturnType<typeof userFacts>>[number];
