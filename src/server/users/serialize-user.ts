// The User entity of spec §3 as the API sends it.
import type { Profile, User } from '../../shared/account.ts';
import { labelled, language, position, referrer, userRole } from '../../shared/vocabulary.ts';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import type { SessionUser } from '../auth/session.ts';
import { berlinDate } from '../../shared/calendar.ts';

/** The `image` field of an entity: its URL names the image's random key, never its id. */
export const imageUri = (key: string | null | undefined) =>
  key ? { image_uri: `/api/images/${key}` } : null;

// Every page load serializes the user (the session probe): its reads are prepared queries.
const imageKey = preparedQuery((db: Db, imageId: number) =>
  db.selectFrom('images').select('key').where('id', '=', imageId),
);
const profileRow = preparedQuery((db: Db, userId: number) =>
  db.selectFrom('profiles').selectAll().where('user_id', '=', userId),
);
const ownedCount = preparedQuery((db: Db, userId: number) =>
  db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('role', '=', 'owner'),
);
// The people GET /api/coworkers lists: they share an active membership with the user.
const coworkerCount = preparedQuery((db: Db, userId: number) =>
  db
    .selectFrom('memberships as mine')
    .innerJoin('memberships as theirs', 'theirs.podcast_id', 'mine.podcast_id')
    .select((eb) => eb.fn.count<number>('theirs.user_id').distinct().as('n'))
    .where('mine.user_id', '=', userId)
    .where('mine.active', '=', 1)
    .where('theirs.active', '=', 1)
    .where('theirs.user_id', '!=', userId),
);

async function loadImage(db: Db, imageId: number | null) {
  if (imageId === null) return null;
  const [row] = await imageKey(db, imageId);
  return imageUri(row?.key);
}

function key<K extends string>(keys: readonly K[], value: string | null): K | null {
  return value && (keys as readonly string[]).includes(value) ? (value as K) : null;
}

/** `name` is users.name; the profile's username shows the same name (older rows may differ). */
async function loadProfile(db: Db, userId: number, name: string | null): Promise<Profile | null> {
  const [row] = await profileRow(db, userId);
  if (!row) return null;
  const pos = key(position.keys, row.position);
  const ref = key(referrer.keys, row.referrer);
  return {
    username: name || row.username,
    position: pos && labelled(position, pos),
    language: labelled(language, key(language.keys, row.language) ?? 'de'),
    referrer: ref && labelled(referrer, ref),
  };
}

async function counts(db: Db, userId: number) {
  // The owner of a podcast is its membership with role owner (src/shared/roles.ts).
  const [[owned], [coworkers]] = await Promise.all([ownedCount(db, userId), coworkerCount(db, userId)]);
  return { owned_podcasts: Number(owned?.n ?? 0), num_coworkers: Number(coworkers?.n ?? 0) };
}

/** `viewer` decides what is private: the email shows only to the user and to admins. */
export async function serializeUser(db: Db, user: SessionUser, viewer: SessionUser): Promise<User> {
  const isSelf = user.id === viewer.id;
  const role = key(userRole.keys, user.role) ?? 'user';
  const profile = await loadProfile(db, user.id, user.name);
  return {
    id: user.id,
    // One name per user (account-routes.ts and profile-routes.ts keep both columns in step).
    name: user.name || profile?.username || null,
    email: isSelf || viewer.role === 'admin' ? user.email : null,
    image: await loadImage(db, user.image_id),
    created_at: berlinDate(new Date(user.created_at)),
    role: labelled(userRole, role),
    verified: user.email_verified_at !== null,
    granted: user.granted === 1,
    profile,
    ...(await counts(db, user.id)),
    is_self: isSelf,
    steady_user_email: isSelf ? user.steady_user_email : null,
    pending_email: isSelf ? user.pending_email : null,
    podcast_title: isSelf ? user.podcast_title : null,
  };
}
