// The session's read on a podcast's route: its user and the caller's access row (and on
// PostgreSQL a write's Idempotency-Key claim) in one statement, split into its parts.
import type { Db } from '../db/database.ts';
import { earliest } from '../db/change-memo.ts';
import type { AccessRow } from '../access/access-query.ts';
import {
  preparedSessionClaim,
  TAKEN,
  type ClaimOutcome,
  type KeyClaim,
  type TakenKey,
} from './claim-query.ts';
import type { PodcastVia } from '../access/kinds.ts';
import type { SessionUser } from '../access/session.ts';
import { preparedSessionAccess, USER } from '../access/session-access-query.ts';

/** Where a column of the row goes: user (0), access (1), the key's row (2) or none (-1), and its name there. */
const columns = new Map<string, [part: number, name: string]>();
function columnOf(key: string) {
  let found = columns.get(key);
  if (!found) {
    found =
      key === 'session_expires_at' || key === 'claimed_by' || key === 'claim_locked'
        ? [-1, key]
        : key.startsWith(USER)
          ? [0, key.slice(USER.length)]
          : key.startsWith(TAKEN)
            ? [2, key.slice(TAKEN.length)]
            : [1, key];
    // The statements' columns: a few dozen names (a bound, should a row ever bring others).
    if (columns.size < 1000) columns.set(key, found);
  }
  return found;
}

/**
 * The session's user (undefined: no such session), the access row (undefined: 404), and until when
 * the row read at `now` holds as far as the clock goes (ms: the session's expiry, a cancelled
 * subscription's end).
 */
export async function findSessionAccess(
  db: Db,
  sessionId: string,
  now: Date,
  via: PodcastVia,
  id: number,
  claim?: KeyClaim,
) {
  const at = now.toISOString();
  const [row] = claim
    ? (
        await preparedSessionClaim(via)(
          db,
          sessionId,
          at,
          id,
          claim.key,
          claim.request,
          claim.body_hash,
          claim.holder,
          claim.created_at,
          claim.locked_until,
          claim.expires_at,
        )
      ).rows
    : await preparedSessionAccess(via)(db, sessionId, at, id);
  if (!row) return { user: undefined, access: undefined, until: Infinity };
  const sessionExpires = row.session_expires_at as string | null;
  const claimedBy = row.claimed_by;
  const user: Record<string, unknown> = {};
  const access: Record<string, unknown> = {};
  const taken: Record<string, unknown> = {};
  const parts = [user, access, taken];
  for (const key in row) {
    const [part, name] = columnOf(key);
    if (part >= 0) parts[part]![name] = row[key];
  }
  return {
    user: user as SessionUser,
    access: access.membership_id === null ? undefined : (access as AccessRow),
    until: earliest(sessionExpires, access.contract_expires_at, access.owner_pro_any_expires_at),
    claim:
      claim &&
      ({
        won: claimedBy === claim.holder,
        taken: taken.state == null ? undefined : (taken as TakenKey),
        busy: row.claim_locked === false,
      } satisfies ClaimOutcome),
  };
}
