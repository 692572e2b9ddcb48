// The User entity of spec §3 as the API sends it.
import { isOnboardingStep, type Profile, type User } from '../../shared/account.ts';
import { labelled, language, position, referrer, userRole } from '../../shared/vocabulary.ts';
import type { Db } from '../db/database.ts';
import type { SessionUser } from '../access/session.ts';
import { userFacts, type UserFacts } from '../access/user-facts.ts';
import { berlinDate } from '../../shared/calendar.ts';

/** The `image` field of an entity: its URL names the image's random key, never its id. */
export const imageUri = (key: string | null | undefined) =>
  key ? { image_uri: `/api/images/${key}` } : null;

function key<K extends string>(keys: readonly K[], value: string | null): K | null {
  return value && (keys as readonly string[]).includes(value) ? (value as K) : null;
}

/** `name` is users.name; the profile's username shows the same name (older rows may differ). */
function profileOf(row: UserFacts | undefined, name: string | null): Profile | null {
  if (!row || row.profile_user_id === null) return null;
  const pos = key(position.keys, row.position);
  const ref = key(referrer.keys, row.referrer);
  return {
    username: name || row.username!,
    position: pos && labelled(position, pos),
    language: labelled(language, key(language.keys, row.language!) ?? 'de'),
    referrer: ref && labelled(referrer, ref),
  };
}

/**
 * `viewer` decides what is private: the email shows only to the user and to admins. `read`: the
 * user's facts if they were read already (with the session), else they are read here.
 */
export async function serializeUser(
  db: Db,
  user: SessionUser,
  viewer: SessionUser,
  read?: UserFacts | null,
): Promise<User> {
  const isSelf = user.id === viewer.id;
  const role = key(userRole.keys, user.role) ?? 'user';
  const facts = read ?? (await userFacts(db, user.id))[0];
  const profile = profileOf(facts, user.name);
  return {
    id: user.id,
    // One name per user (account-routes.ts and profile-routes.ts keep both columns in step).
    name: user.name || profile?.username || null,
    email: isSelf || viewer.role === 'admin' ? user.email : null,
    image: imageUri(facts?.image_key),
    created_at: berlinDate(new Date(user.created_at)),
    role: labelled(userRole, role),
    verified: user.email_verified_at !== null,
    granted: user.granted === 1,
    profile,
    owned_podcasts: Number(facts?.owned_podcasts ?? 0),
    num_coworkers: Number(facts?.num_coworkers ?? 0),
    is_self: isSelf,
    steady_user_email: isSelf ? user.steady_user_email : null,
    pending_email: isSelf ? user.pending_email : null,
    podcast_title: isSelf ? user.podcast_title : null,
    onboarding:
      isSelf && user.onboarding_podcast_id !== null && isOnboardingStep(user.onboarding_step)
        ? { podcast_id: user.onboarding_podcast_id, step: user.onboarding_step }
        : null,
  };
}
