// Invitations as stored and as sent: expiry on Berlin calendar days, the token behind the mailed
// link (only its hash is kept), and accepting one, which the accept route and registration share.
import type { Selectable } from 'kysely';
import { addDays, berlinDate } from '../../shared/calendar.ts';
import { membershipRole, type Role } from '../../shared/roles.ts';
import { INVITATION_DAYS, type Invitation } from '../../shared/team.ts';
import { labelled } from '../../shared/vocabulary.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { InvitationsTable } from '../db/schema.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';
import { invalid } from '../http/errors.ts';

export type InvitationRow = Selectable<InvitationsTable>;

export const invitationMessages = {
  missing: 'Diese Einladung gibt es nicht.',
  expired: 'Diese Einladung ist abgelaufen.',
  converted: 'Diese Einladung wurde bereits angenommen.',
  memberAlready: 'Du gehörst bereits zum Team dieses Podcasts.',
};

/** The last Berlin day a link mailed at `now` works. */
export const expiryFrom = (now: Date) => addDays(berlinDate(now), INVITATION_DAYS);

export const isExpired = (row: Pick<InvitationRow, 'expires_on'>, now: Date) =>
  berlinDate(now) > row.expires_on;

export const roleLabel = (role: string) => labelled(membershipRole, role as Role);

export function serializeInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: roleLabel(row.role),
    notes: row.notes,
    created_at: berlinDate(new Date(row.created_at)),
    expires_at: row.expires_on,
    expired: isExpired(row, now),
    converted: row.converted_at !== null,
  };
}

/** The invitation a link's token belongs to (any token; unknown ones find nothing). */
export const invitationByToken = (db: Db, token: string) =>
  db.selectFrom('invitations').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst();

/** 422 naming the registration's `invitation` field (the accept route has no other field). */
export const refused = (message: string) => invalid({ invitation: [message] });

/** Why an invitation cannot be accepted now, or null when it can. */
export function refusal(row: InvitationRow | undefined, now: Date): string | null {
  if (!row) return invitationMessages.missing;
  if (row.converted_at !== null) return invitationMessages.converted;
  if (isExpired(row, now)) return invitationMessages.expired;
  return null;
}

/** An invitation with what its mail and its preview show: address, role, podcast title, inviter. */
export const invitationSummary = (db: Db) =>
  db
    .selectFrom('invitations')
    .innerJoin('podcasts', 'podcasts.id', 'invitations.podcast_id')
    .leftJoin('users as inviter', 'inviter.id', 'invitations.invited_by')
    .select([
      'invitations.email',
      'invitations.role',
      'invitations.expires_on',
      'invitations.converted_at',
      'podcasts.title',
      'inviter.name as inviter_name',
    ]);

/**
 * What the invitation mail needs, with a fresh token whose hash replaces the stored one: the
 * newest mail's link is the one that works. Null when the invitation is gone or accepted.
 */
export async function issueInvitationToken(
  { clock }: Pick<AppContext, 'clock'>,
  db: Db,
  invitationId: number,
) {
  const row = await invitationSummary(db)
    .where('invitations.id', '=', invitationId)
    .where('invitations.converted_at', 'is', null)
    .executeTakeFirst();
  if (!row || isExpired(row, clock.now())) return null;
  const token = randomToken();
  await db
    .updateTable('invitations')
    .set({ token_hash: sha256(token) })
    .where('id', '=', invitationId)
    .execute();
  return { ...row, token };
}

type Invitee = { id: number; email: string; email_verified_at: string | null };

/**
 * Accepts `invitation` for `user` in the caller's transaction: an active membership with the
 * invited role (an inactive one of the user is reactivated with it), the invitation converted
 * (once: a conditional update, so two accepts at once cannot both win), the podcast selected.
 * The link proves the invited address: when it is the user's unconfirmed address, it is confirmed.
 * Returns whether the address is confirmed now.
 */
export async function acceptInvitation(tx: Db, now: Date, invitation: InvitationRow, user: Invitee) {
  const problem = refusal(invitation, now);
  if (problem) throw refused(problem);
  const at = now.toISOString();
  const membership = await tx
    .selectFrom('memberships')
    .select(['id', 'active'])
    .where('podcast_id', '=', invitation.podcast_id)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (membership?.active === 1) throw refused(invitationMessages.memberAlready);
  const converted = await tx
    .updateTable('invitations')
    .set({ converted_at: at, converted_user_id: user.id })
    .where('id', '=', invitation.id)
    .where('converted_at', 'is', null)
    .executeTakeFirst();
  if (Number(converted.numUpdatedRows) !== 1) throw refused(invitationMessages.converted);

  if (membership) {
    await tx
      .updateTable('memberships')
      .set({ active: 1, role: invitation.role })
      .where('id', '=', membership.id)
      .execute();
  } else {
    await tx
      .insertInto('memberships')
      .values({
        podcast_id: invitation.podcast_id,
        user_id: user.id,
        role: invitation.role,
        active: 1,
        created_at: at,
      })
      .execute();
  }
  await tx
    .insertInto('user_contexts')
    .values({ user_id: user.id, podcast_id: invitation.podcast_id })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ podcast_id: invitation.podcast_id }))
    .execute();
  if (user.email_verified_at !== null) return true;
  if (user.email !== invitation.email) return false;
  await tx.updateTable('users').set({ email_verified_at: at }).where('id', '=', user.id).execute();
  return true;
}
