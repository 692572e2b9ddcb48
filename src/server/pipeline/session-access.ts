// For the access hook (access-hook.ts): on a route with a podcast rule the session is read with
// the caller's access row in one statement (find-session-access.ts), and the row is kept for the
// session's next request while nothing it was read from changed (db/change-memo.ts).
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { ChangeMemo } from '../db/change-memo.ts';
import type { AccessRow } from '../access/access-query.ts';
import { versionOf } from '../access/change-counts.ts';
import type { ClaimOutcome, KeyClaim } from './claim-query.ts';
import { findSessionAccess } from './find-session-access.ts';
import { kindOf } from '../access/kinds.ts';
import { podcastThing } from '../access/thing-of.ts';
import type { SessionReader, SessionUser } from '../access/session.ts';

export type SessionAccess = { user: SessionUser; access: AccessRow };

/** The access row read with the session, and when: what the guard decides on (access/guard.ts). */
export type AccessRead = { row: AccessRow | undefined; now: Date };
/** A session read that keeps the access row it read beside it, for the access step's decision. */
export type AccessReader = SessionReader & { read?: AccessRead };

/**
 * Where session-and-access rows are kept: `thing`'s while the counts of its podcast hold;
 * `selected`'s (a kind whose podcast the session picks) by rules of their own, since which podcast
 * that is depends on more than the counts of the one found (access-hook.ts).
 */
export type AccessMemos = { thing: ChangeMemo<SessionAccess>; selected: ChangeMemo<SessionAccess> };

/**
 * For the access hook (access-hook.ts): on a route with a podcast rule, the session is read with
 * the caller's access row in one statement (find-session-access.ts), kept on the reader (`read`) for
 * the guard's decision in the same step (role and plan anew for each request). The row is reused by the session's next request for the
 * same thing while nothing it was read from changed (db/change-memo.ts; on PostgreSQL by reads
 * only); a row without access is read again each time.
 */
export function sessionWithAccess(
  { db }: AppContext,
  memos: AccessMemos,
  request: FastifyRequest,
): AccessReader | undefined {
  const thing = podcastThing(request);
  if (!thing) return undefined;
  const { via, thingId } = thing;
  const keep = kindOf(via).from === 'session' ? memos.selected : memos.thing;
  const reader: AccessReader = async (sessionId, now) => {
    let found: { user: SessionUser | undefined; access: AccessRow | undefined } | undefined;
    const kept = await keep(sessionId, `${via}\n${thingId}`, now, async () => {
      const { user, access, until } = (found = await findSessionAccess(db, sessionId, now, via, thingId));
      if (!user || !access) return undefined;
      return { value: { user, access }, podcastId: access.id, until, version: versionOf(access) };
    });
    const { user, access } = kept ?? found!;
    if (user) reader.read = { row: access, now };
    return user;
  };
  return reader;
}

/**
 * PostgreSQL, a write with an Idempotency-Key on a podcast's route (access-hook.ts): the session
 * read with the access row and the key's claim in one statement (find-session-access.ts); what the claim
 * found is the reader's `claim`, set by the read.
 */
export function sessionWithClaim({ db }: AppContext, request: FastifyRequest, claim: KeyClaim) {
  const { via, thingId } = podcastThing(request)!;
  const reader = async (sessionId: string, now: Date) => {
    const found = await findSessionAccess(db, sessionId, now, via, thingId, claim);
    if (found.user) reader.read = { row: found.access, now };
    reader.claim = found.claim;
    return found.user;
  };
  reader.claim = undefined as ClaimOutcome | undefined;
  reader.read = undefined as AccessRead | undefined;
  return reader;
}
