// Idempotent writes (IETF draft "The Idempotency-Key HTTP Header Field"): every POST, PUT, PATCH
// and DELETE under /api/ may carry `Idempotency-Key`. The first request with a key claims the key's
// row (one atomic upsert, so of several processes and concurrent duplicates exactly one wins) and
// acts; its answer (status, body) is stored when it is sent. The same key again from the same
// caller with the same request and body gets that answer replayed without acting; with another
// body or path 422; while the first is still running 409. Keys expire after KEY_LIFETIME_MS.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { startPeriodicJob, type PeriodicJob } from '../jobs/lease.ts';
import { inRequest } from '../db/request-transaction.ts';
import { HttpError } from '../http/errors.ts';
import { routeOf } from '../http/route-of.ts';
import type { AccessStep } from './access-hook.ts';
import { answeringWrite } from './unit-of-work.ts';
import { answerTaken, freeKey, record } from './idempotency-answer.ts';
import {
  CLEANUP_INTERVAL_MS,
  idempotencyMessages,
  idOf,
  isUpload,
  keyHeader,
  parseKey,
  runningKey,
  scopeOf,
  type Running,
  type Unfreed,
} from './idempotency-key.ts';
import { claimKey, deleteExpiredKeys, keyRow, storedKey } from './idempotency-statements.ts';

/** Claims the key for this request; returns whether it sent the stored answer instead. */
async function claim(
  ctx: AppContext,
  unfreed: Unfreed,
  running: Running,
  request: FastifyRequest,
  reply: FastifyReply,
  header: string | string[],
) {
  const key = parseKey(header)!;
  if (isUpload(request)) throw new HttpError(400, idempotencyMessages.upload);
  const { db } = ctx;
  const own = runningKey(ctx, request);
  const { created_at: now, holder, request: fingerprint, body_hash: bodyHash } = own;
  const scope = scopeOf(request);
  if (db.readSync) {
    const id = idOf(scope, key);
    // An entry whose answer was never sent (a hijacked reply) is lost after RUNNING_TIMEOUT_MS.
    const entry = running.get(id);
    const acting = entry && entry.lockedUntil > now ? entry : undefined;
    const [stored] = acting ? [] : await storedKey(db, scope, key);
    const free =
      !stored ||
      stored.expires_at <= now ||
      (stored.state === 'running' &&
        stored.locked_until <= now &&
        stored.request === fingerprint &&
        stored.body_hash === bodyHash);
    if (!acting && free) {
      running.set(id, { request: fingerprint, body_hash: bodyHash, lockedUntil: own.locked_until });
      request.idempotency = {
        scope,
        key,
        holder,
        replay: false,
        inProcess: { request: fingerprint, bodyHash },
      };
      if (routeOf(request).config.answerWithWrite) request.unitOfWork = answeringWrite(ctx, request, reply);
      return false;
    }
    return answerTaken(
      db,
      request,
      reply,
      acting ? { ...acting, state: 'running' } : stored!,
      fingerprint,
      bodyHash,
    );
  }
  // This process answered the key's first request 503 and could not free it then: free it now
  // (if the database is still down, this fails and answers 503 again).
  const orphan = unfreed.get(idOf(scope, key));
  if (orphan) await freeKey(ctx, unfreed, orphan, 0);
  const [won] = (
    await claimKey(db, scope, key, fingerprint, bodyHash, holder, now, own.locked_until, own.expires_at)
  ).rows;
  if (won?.holder === holder) {
    request.idempotency = { scope, key, holder, replay: false };
    return false;
  }
  const [row] = (await keyRow(db, scope, key)).rows;
  // Gone between the two statements (expired and cleaned up): treat it as running, the client retries.
  if (!row) throw new HttpError(409, idempotencyMessages.running, undefined, { 'retry-after': '1' });
  return answerTaken(db, request, reply, row, fingerprint, bodyHash);
}

/**
 * PostgreSQL, a podcast route's write: the access step made with the key's claim in the session's
 * statement (access-hook.ts `withClaim`), its first round trip. Won, the guard decides; lost, it
 * answers from the key's row that statement saw; without one (committed meanwhile) or with this
 * process's own unfreed claim in the way, the claim is made again on its own (`claim`), then the
 * guard decides. A route answering with its write (`answerWithWrite`) makes the claim inside the
 * request's transaction, its BEGIN sent with it: claim, write and answer are one commit (one
 * commit and one pooled connection fewer, the same three round trips), and a request that dies
 * leaves no claim behind (Entscheidung PIPE-7).
 * Such a route calls no other service (db/transaction-scope.ts refuses it from the claim on).
 */
async function claimWithSession(
  ctx: AppContext,
  unfreed: Unfreed,
  running: Running,
  access: AccessStep,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
) {
  const own = runningKey(ctx, request);
  const tx = routeOf(request).config.answerWithWrite ? ctx.db.requestTransaction?.() : undefined;
  const ask = () => access.withClaim(request, { key, ...own });
  let asked;
  try {
    asked = await (tx ? inRequest(tx, ask) : ask());
  } catch (error) {
    await tx?.end('rollback').catch(() => {});
    throw error;
  }
  const { claim: outcome, refused, decide } = asked;
  const scope = scopeOf(request);
  if (outcome?.won) {
    request.idempotency = { scope, key, holder: own.holder, replay: false, ...(tx && { tx, inTx: true }) };
    // Refused after the claim (CSRF, 401, the guard's 404/403): its answer is recorded, or the key
    // freed, as any other.
    if (refused) throw refused;
    await decide();
    return false;
  }
  await tx?.end('rollback');
  if (refused) throw refused;
  // Held in another request's transaction now: the answer a running key gets.
  if (outcome?.busy)
    return answerTaken(ctx.db, request, reply, { ...own, state: 'running' }, own.request, own.body_hash);
  if (!outcome?.taken || unfreed.has(idOf(scope, key))) {
    const replayed = await claim(ctx, unfreed, running, request, reply, key);
    if (!replayed) await decide();
    return replayed;
  }
  return answerTaken(ctx.db, request, reply, outcome.taken, own.request, own.body_hash);
}

/**
 * PostgreSQL, a claimed key: the rest of the request runs in one transaction with the answer's
 * record (db/request-transaction.ts), ended by `record` when the answer is sent. A reply that is
 * never sent through onSend (hijacked) commits when its response closes, as it would have
 * written without a key.
 */
function proceed(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, done: () => void) {
  const claimed = request.idempotency;
  const tx = claimed?.tx ?? (claimed && !claimed.inProcess ? ctx.db.requestTransaction?.() : undefined);
  if (!tx) return done();
  claimed!.tx = tx;
  reply.raw.once('close', () => void tx.end('commit').catch(() => {}));
  inRequest(tx, done);
}

/**
 * Registers the hooks. Call before the send hook: the answer is stored as serialized, before it
 * is compressed. Returns the hourly clean-up job, to be stopped on close.
 */
export function registerIdempotency(app: FastifyInstance, ctx: AppContext, access?: AccessStep): PeriodicJob {
  const unfreed: Unfreed = new Map();
  const running: Running = new Map();
  app.decorateRequest('idempotency', null);
  // After the access hook (the caller is known) and body parsing, before validation and the guard.
  // Both hooks take a callback, so a request without a key (every read) passes them without a
  // promise.
  app.addHook('preValidation', function claimIdempotencyKey(request, reply, done) {
    const withSession = access?.withKey(request);
    if (withSession) {
      claimWithSession(ctx, unfreed, running, access!, request, reply, withSession).then(
        (replayed) => replayed || proceed(ctx, request, reply, done),
        done,
      );
      return;
    }
    const header = keyHeader(request);
    if (header === undefined) return done();
    // A replay sends the stored answer itself; then the request ends here, without done().
    claim(ctx, unfreed, running, request, reply, header).then(
      (replayed) => replayed || proceed(ctx, request, reply, done),
      done,
    );
  });
  app.addHook('onSend', function recordIdempotentAnswer(request, reply, payload, done) {
    if (!request.idempotency) return done(null, payload);
    record(ctx, unfreed, running, request, reply, payload).then(() => done(null, payload), done);
  });
  return startPeriodicJob(ctx, app.log, 'idempotency-cleanup', CLEANUP_INTERVAL_MS, () =>
    deleteExpiredKeys(ctx),
  );
}
