// PostgreSQL: the session, the access row and an Idempotency-Key's claim in one statement.
import { sql, type QueryCreator } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { preparedWrite } from '../db/prepared-query.ts';
import { takeOverFree, type RunningKey } from './idempotency-key.ts';
import { perKind } from '../access/access-row.ts';
import type { PodcastVia } from '../access/kinds.ts';
import { sessionAccessQuery } from '../access/session-access-query.ts';

/** An Idempotency-Key to claim with the session's read (pipeline/idempotency.ts), and the row it writes. */
export type KeyClaim = RunningKey & { key: string };
/** The key's row as it was before the claim (another request's), when the claim lost. */
export type TakenKey = {
  request: string;
  body_hash: string;
  state: 'running' | 'done';
  status: number | null;
  content_type: string | null;
  response: string | null;
};
/**
 * What a claim made with the session found: whether it won, else the key's row it lost to (if
 * seen); `busy`: another request with the same key holds it in its transaction right now.
 */
export type ClaimOutcome = { won: boolean; taken: TakenKey | undefined; busy: boolean };
export const TAKEN = 'taken_key_';

/**
 * PostgreSQL: the session, the access row and an Idempotency-Key's claim in one statement (a write's
 * first round trip instead of two). The claim is idempotency.ts's claimKey for the session's user
 * (`u:<id>`), made only when the session is valid: an insert, or the takeover of an expired key or
 * of a lost run of the same request; `claimed_by` names the holder when it won. The key's row as
 * the statement's snapshot saw it (before the claim) comes along, for the answer when it lost.
 * Entscheidung PIPE-1.
 *
 * The claim is made only with the key's transaction-level advisory lock (`claim_locked`), taken
 * without waiting. Inside a request's transaction (idempotency.ts, a route answering with its
 * write: the claim's row is committed with the write and its answer) the lock is held until that
 * commit, so a duplicate meanwhile is told at once that the key is busy (409), instead of waiting
 * on the uncommitted row's lock while it holds a pooled connection. Outside one the lock lasts the
 * statement. Two keys sharing the 64-bit hash would only answer one of them 409 while the other
 * runs. Entscheidung PIPE-7 (2026-12-07).
 */
export const preparedSessionClaim = perKind((via) =>
  preparedWrite(
    (
      db: Db,
      sessionId: string,
      now: string,
      id: number,
      key: string,
      request: string,
      bodyHash: string,
      holder: string,
      at: number,
      lockedUntil: number,
      expiresAt: number,
    ) => {
      const scope = sql<string>`'u:' || sessions.user_id`;
      const running: RunningKey = {
        request,
        body_hash: bodyHash,
        state: 'running',
        holder,
        created_at: at,
        locked_until: lockedUntil,
        expires_at: expiresAt,
      };
      const creator = db
        .with('lock', (qc) =>
          qc
            .selectFrom('sessions')
            .select(
              sql<boolean>`pg_try_advisory_xact_lock(hashtextextended(${scope} || chr(10) || ${key}, 0))`.as(
                'got',
              ),
            )
            .where('sessions.id', '=', sessionId)
            .where('sessions.expires_at', '>', now),
        )
        .with('claim', (qc) =>
          qc
            .insertInto('idempotency_keys')
            .columns(['scope', 'key', ...(Object.keys(running) as (keyof typeof running)[])])
            .expression(
              qc
                .selectFrom(['sessions', 'lock'])
                .select([
                  scope.as('scope'),
                  sql<string>`cast(${key} as text)`.as('key'),
                  sql<string>`cast(${request} as text)`.as('request'),
                  sql<string>`cast(${bodyHash} as text)`.as('body_hash'),
                  sql<string>`'running'`.as('state'),
                  sql<string>`cast(${holder} as text)`.as('holder'),
                  sql<number>`cast(${at} as bigint)`.as('created_at'),
                  sql<number>`cast(${lockedUntil} as bigint)`.as('locked_until'),
                  sql<number>`cast(${expiresAt} as bigint)`.as('expires_at'),
                ])
                .where('sessions.id', '=', sessionId)
                .where('sessions.expires_at', '>', now)
                .where('lock.got', '=', true),
            )
            .onConflict((oc) => takeOverFree(oc, running))
            .returning('holder'),
        );
      // The key's row by its whole primary key, its scope from a subquery of its own (a parameter
      // to the plan): joined on `scope` above, the plan PostgreSQL kept for the statement while the
      // table was small read the whole table (or index) for each claim, as it grew.
      const ownScope = sql<string>`'u:' || (${db.selectFrom('sessions as holder').select('holder.user_id').where('holder.id', '=', sessionId)})`;
      return sessionAccessQuery(creator as unknown as QueryCreator<DB>, db, via, sessionId, now, id)
        .leftJoin('idempotency_keys as taken', (j) =>
          j.on('taken.scope', '=', ownScope).on('taken.key', '=', key),
        )
        .select(sql<string | null>`(select holder from claim)`.as('claimed_by'))
        .select(sql<boolean | null>`(select got from lock)`.as('claim_locked'))
        .select(
          (['request', 'body_hash', 'state', 'status', 'content_type', 'response'] as const).map((c) =>
            sql.ref(`taken.${c}`).as(`${TAKEN}${c}`),
          ),
        );
    },
  ),
) as unknown as (
  via: PodcastVia,
) => (db: Db, ...args: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
