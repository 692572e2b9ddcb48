// What a key's request answers: the stored answer replayed (or 409/422) for a key held by
// another request, the first answer stored for its key, and the key freed for a retry.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { databaseFault } from '../db/faults.ts';
import type { Database } from '../db/database.ts';
import { HttpError, outageMessages } from '../http/errors.ts';
import {
  idempotencyMessages,
  idOf,
  ownAnswer,
  KEY_LIFETIME_MS,
  retryable,
  RUNNING_TIMEOUT_MS,
  type Claim,
  type Running,
  type Unfreed,
} from './idempotency-key.ts';
import { answerStatement, deleteKey, recordAnswer, storeAnswer } from './idempotency-statements.ts';

/** A key another request holds or held: 422 for another request, 409 while it runs, else the replay. */
export function answerTaken(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  row: {
    request: string;
    body_hash: string;
    state: 'running' | 'done';
    status?: number | null;
    content_type?: string | null;
    response?: string | null;
  },
  fingerprint: string,
  bodyHash: string,
) {
  if (row.request !== fingerprint || row.body_hash !== bodyHash) {
    throw new HttpError(422, idempotencyMessages.mismatch, {
      idempotency_key: [idempotencyMessages.mismatch],
    });
  }
  if (row.state !== 'done' || row.status === null || row.status === undefined) {
    // Shortly after an outage, a key still running most likely belongs to a request the outage
    // ended in another process, which frees it as soon as it reaches the database again. Until
    // then it is the outage's 503, not "already running" (the rolling-restart bench counted such
    // 409s as errors right after PostgreSQL came back).
    if (Date.now() - db.faults.lastOutageAt() < RUNNING_TIMEOUT_MS) {
      throw new HttpError(503, outageMessages.unavailable, undefined, {
        'retry-after': '1',
      });
    }
    throw new HttpError(409, idempotencyMessages.running, undefined, {
      'retry-after': '1',
    });
  }
  request.idempotency = { scope: '', key: '', holder: '', replay: true };
  reply.code(row.status).header('idempotent-replayed', 'true');
  if (row.content_type) reply.type(row.content_type);
  reply.send(row.response ?? undefined);
  return true;
}

/** Stores the first answer for its key (or frees the key when the answer says "try again"). */
export async function record(
  ctx: AppContext,
  unfreed: Unfreed,
  running: Running,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
) {
  const claimed = request.idempotency;
  // Storing: this is the 503 of the failed try below, and the key must stay claimed.
  if (!claimed || claimed.replay || claimed.storing) return;
  const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
  const type = reply.getHeader('content-type');
  const own = claimed.inProcess;
  if (own) {
    const id = idOf(claimed.scope, claimed.key);
    const acting = running.get(id);
    try {
      // Stored with the write already (unit-of-work.ts), and this is that answer.
      if (retryable(reply.statusCode) || (own.stored !== undefined && own.stored === body)) return;
      const now = ctx.clock.now().getTime();
      const contentType = typeof type === 'string' ? type : null;
      await storeAnswer(ctx.db, ...ownAnswer(claimed, reply.statusCode, contentType, body, now));
    } finally {
      // After the commit: a duplicate from now on reads the stored answer.
      if (running.get(id) === acting) running.delete(id);
    }
    return;
  }
  const { tx } = claimed;
  if (retryable(reply.statusCode)) {
    // A failed request (5xx) leaves nothing it wrote; 401/419/429 keep what they wrote (a
    // throttle's count), as without a key. Then the key is freed, if it is still running.
    const failed = reply.statusCode >= 500;
    await tx?.end(failed ? 'rollback' : 'commit').catch(() => {});
    // A claim made in the transaction went with its rollback (or with its connection, closed
    // when the rollback failed); committed in doubt, it is done and no longer running.
    if (failed && claimed.inTx) return;
    return freeKey(ctx, unfreed, claimed);
  }
  // It called another service while holding its connection (db/transaction-scope.ts): a bug,
  // whatever the route answered; nothing it wrote stays, and the 500 frees the key.
  if (tx?.refused) {
    await tx.end('rollback').catch(() => {});
    throw tx.refused;
  }
  const answer: Answer = [reply.statusCode, typeof type === 'string' ? type : null, body];
  if (tx?.begun && !tx.ended && !tx.failed) {
    // The answer in the write's transaction, then its commit (db/request-transaction.ts). Should
    // either fail, the outcome is in doubt: the 503 frees the key only if the commit did not happen.
    try {
      await tx.end('commit', answerStatement(...answer, claimed.scope, claimed.key, claimed.holder));
    } catch (error) {
      await tx.end('rollback').catch(() => {});
      throw error;
    }
    return;
  }
  // Nothing written, or a statement failed (PostgreSQL aborted the transaction; the route
  // answered it as a refusal, a unique address taken): the answer is stored on its own.
  await tx?.end('rollback').catch(() => {});
  // A claim made in the transaction went with that rollback, and so did all the request wrote:
  // nothing is left to answer for, so the retry acts (and refuses) anew.
  if (claimed.inTx) return;
  try {
    await recordAnswer(ctx.db, ...answer, claimed.scope, claimed.key, claimed.holder);
  } catch (error) {
    if (!databaseFault(error)) throw error;
    // The write is done, only its answer is not stored (the database went away between the two:
    // a failover, a restart). Entscheidung PIPE-5: never free the key then, or the client's retry
    // would do the write a second time; the request answers the outage's 503, the answer is
    // stored as soon as the database takes it, and the retry gets 503 or 409 until then, then
    // the replay.
    claimed.storing = true;
    storeLater(ctx, claimed, answer);
    throw error;
  }
}

type Answer = [status: number, contentType: string | null, body: string | null];

/**
 * Stores a done write's answer, tried again every half second (as freeKey frees a key) until the
 * database takes it: the client's retries get 503 until then, so a longer wait would cost them.
 */
function storeLater(ctx: AppContext, claimed: Claim, answer: Answer) {
  const until = Date.now() + KEY_LIFETIME_MS;
  const retry = () =>
    recordAnswer(ctx.db, ...answer, claimed.scope, claimed.key, claimed.holder).catch((error: unknown) => {
      if (databaseFault(error) && Date.now() < until) setTimeout(retry, 500).unref();
    });
  setTimeout(retry, 500).unref();
}

/**
 * Frees the key for the client's retry. When the database is what failed the request, freeing
 * fails too: then the claim is remembered in `unfreed` (a retry reaching this process frees it
 * first) and tried again every half second in the background until the database answers (else
 * every retry would get 409 until RUNNING_TIMEOUT_MS; the rolling-restart bench counted hundreds
 * after a PostgreSQL restart). `until` 0: one try, its fault thrown (the retry's own request).
 */
export async function freeKey(
  ctx: AppContext,
  unfreed: Unfreed,
  claimed: Claim,
  until = Date.now() + RUNNING_TIMEOUT_MS,
): Promise<void> {
  const id = idOf(claimed.scope, claimed.key);
  try {
    await deleteKey(ctx.db, claimed.scope, claimed.key, claimed.holder);
    if (unfreed.get(id) === claimed) unfreed.delete(id);
  } catch (error) {
    if (!databaseFault(error) || Date.now() > until) throw error;
    unfreed.set(id, claimed);
    setTimeout(() => void freeKey(ctx, unfreed, claimed, until).catch(() => {}), 500).unref();
  }
}
