// Idempotent writes (IETF draft "The Idempotency-Key HTTP Header Field"): every POST, PUT, PATCH
// and DELETE under /api/ may carry `Idempotency-Key`. The first request with a key claims the key's
// row (one atomic upsert, so of several processes and concurrent duplicates exactly one wins) and
// acts; its answer (status, body) is stored when it is sent. The same key again from the same
// caller with the same request and body gets that answer replayed without acting; with another
// body or path 422; while the first is still running 409. Keys expire after KEY_LIFETIME_MS.
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OnConflictBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { AppContext } from '../context.ts';
import { XSRF_COOKIE } from './cookies.ts';
import { startPeriodicJob, type PeriodicJob } from '../jobs/lease.ts';
import { databaseFault } from '../db/faults.ts';
import { HttpError, outageMessages } from './errors.ts';
import { routeOf } from './route-of.ts';
import type { Database, Db, RunSync } from '../db/database.ts';
import { preparedQuery, preparedWrite } from '../db/prepared-query.ts';

/** How long a key is remembered (and its answer replayed). */
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A request still running after this long is taken as lost (its process died): the key is free again. */
export const RUNNING_TIMEOUT_MS = 60 * 1000;
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** Printable ASCII without quotes, backslash and spaces; a UUID fits, as the draft suggests. */
const KEY_SHAPE = /^[\x21\x23-\x5b\x5d-\x7e]{8,255}$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Answers that say "try again" rather than "this is what happened": never replayed. */
const retryable = (status: number) => status === 401 || status === 419 || status === 429 || status >= 500;

export const idempotencyMessages = {
  invalid:
    'Der Idempotency-Key ist ungültig. Erlaubt sind 8 bis 255 sichtbare Zeichen ohne Anführungszeichen, z. B. eine UUID.',
  upload: 'Datei-Uploads unterstützen keinen Idempotency-Key.',
  mismatch:
    'Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet. Bitte nimm für jede neue Anfrage einen neuen Schlüssel.',
  running: 'Diese Anfrage wird gerade schon bearbeitet. Bitte versuche es gleich noch einmal.',
};

type Claim = {
  scope: string;
  key: string;
  holder: string;
  replay: boolean;
  /** SQLite: the claim held in this process (its request, and the answer if stored by answerWithin). */
  inProcess?: { request: string; bodyHash: string; stored?: string };
};
/** Claims whose request failed with the database and whose key could not be freed yet, by scope and key. */
type Unfreed = Map<string, Claim>;
const idOf = (scope: string, key: string) => `${scope}\n${key}`;

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: Claim | null;
  }
}

/** The key as sent: a bare token or a structured-header string (`"…"`). */
export function parseKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (Array.isArray(header)) throw new HttpError(400, idempotencyMessages.invalid);
  const bare = unquoted(header);
  if (!KEY_SHAPE.test(bare)) throw new HttpError(400, idempotencyMessages.invalid);
  return bare;
}
const unquoted = (header: string) => /^"(.*)"$/.exec(header.trim())?.[1] ?? header.trim();

/**
 * The key of a write this module claims, when it is well-formed (else undefined: the claim's own
 * hook answers 400, or the route takes no key). access/access-hook.ts reads it to claim with the session.
 */
export function keyToClaim(request: FastifyRequest): string | undefined {
  const header = keyHeader(request);
  if (header === undefined || Array.isArray(header) || isUpload(request)) return undefined;
  const bare = unquoted(header);
  return KEY_SHAPE.test(bare) ? bare : undefined;
}

/** The Idempotency-Key header of a write under /api/ (this module's to claim), else undefined. */
function keyHeader(request: FastifyRequest) {
  const header = request.headers['idempotency-key'];
  if (header === undefined || !WRITES.has(request.method)) return undefined;
  return routeOf(request).url?.startsWith('/api/') ? header : undefined;
}
const isUpload = (request: FastifyRequest) => /^multipart\//i.test(request.headers['content-type'] ?? '');

/** JSON with sorted keys, so `{a,b}` and `{b,a}` are the same body. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Whose key it is: the user, or for a guest the CSRF cookie every guest write carries. */
function scopeOf(request: FastifyRequest) {
  if (request.user) return `u:${request.user.id}`;
  return `g:${sha256(request.cookies[XSRF_COOKIE] ?? '')}`;
}

// The key's statements, built once (prepared-query.ts): they run on every write with a key.
/** Inserts the key as running, or takes over an expired one or a lost run of the same request. */
const claimKey = preparedWrite(
  (
    db: Db,
    scope: string,
    key: string,
    request: string,
    bodyHash: string,
    holder: string,
    now: number,
    lockedUntil: number,
    expiresAt: number,
  ) => {
    const running: RunningKey = {
      request,
      body_hash: bodyHash,
      state: 'running',
      holder,
      created_at: now,
      locked_until: lockedUntil,
      expires_at: expiresAt,
    };
    return db
      .insertInto('idempotency_keys')
      .values({ scope, key, ...running })
      .onConflict((oc) => takeOverFree(oc, running))
      .returning('holder');
  },
);

/** A key's row as a claim writes it: running, held by `holder` until `locked_until`. */
export type RunningKey = {
  request: string;
  body_hash: string;
  state: 'running';
  holder: string;
  created_at: number;
  locked_until: number;
  expires_at: number;
};

/**
 * A claim's conflict rule (claimKey, and the claim with the session, access/kinds.ts):
 * an expired key is free; so is the same request whose first run was lost with its process.
 */
export const takeOverFree = (oc: OnConflictBuilder<DB, 'idempotency_keys'>, running: RunningKey) =>
  oc
    .columns(['scope', 'key'])
    .doUpdateSet({ ...running, status: null, content_type: null, response: null })
    .where((eb) =>
      eb.or([
        eb('idempotency_keys.expires_at', '<=', running.created_at),
        eb.and([
          eb('idempotency_keys.state', '=', 'running'),
          eb('idempotency_keys.locked_until', '<=', running.created_at),
          eb('idempotency_keys.request', '=', running.request),
          eb('idempotency_keys.body_hash', '=', running.body_hash),
        ]),
      ]),
    );
/** The row this request's claim writes: its request and body, a fresh holder, running from now. */
function runningKey({ clock }: AppContext, request: FastifyRequest): RunningKey {
  const now = clock.now().getTime();
  return {
    request: `${request.method} ${request.url}`,
    body_hash: sha256(stable(request.body ?? null)),
    state: 'running',
    holder: randomUUID(),
    created_at: now,
    locked_until: now + RUNNING_TIMEOUT_MS,
    expires_at: now + KEY_LIFETIME_MS,
  };
}

const keyRow = preparedWrite((db: Db, scope: string, key: string) =>
  db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('key', '=', key),
);
const recordAnswer = preparedWrite(
  (
    db: Db,
    status: number,
    contentType: string | null,
    response: string | null,
    scope: string,
    key: string,
    holder: string,
  ) =>
    db
      .updateTable('idempotency_keys')
      .set({ state: 'done', status, content_type: contentType, response })
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('holder', '=', holder),
);
const deleteKey = preparedWrite((db: Db, scope: string, key: string, holder: string) =>
  db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('holder', '=', holder),
);

// SQLite (one process per file, db/README.md): the claim is held in this process, not written.
// Decision 2026-11-26 (issue 25): the claim's own INSERT was a commit of its own, a third of a
// write's commits (claim, write, record). Here the claim is an entry in `running` plus a
// synchronous read of the stored key on the read connection, and the record is one upsert of the
// finished row; a duplicate arriving meanwhile finds the entry (409) or, once the upsert is
// committed, the row (replay). A lost run leaves no row: its retry acts, as after
// RUNNING_TIMEOUT_MS on PostgreSQL. A 'running' row (from PostgreSQL's path) is honoured.
const storedKey = preparedQuery((db: Db, scope: string, key: string) =>
  db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('key', '=', key),
);
const storeAnswer = preparedWrite(
  (
    db: Db,
    scope: string,
    key: string,
    request: string,
    bodyHash: string,
    holder: string,
    status: number,
    contentType: string | null,
    response: string | null,
    now: number,
    expiresAt: number,
  ) => {
    const done = {
      request,
      body_hash: bodyHash,
      state: 'done' as const,
      holder,
      status,
      content_type: contentType,
      response,
      created_at: now,
      locked_until: now,
      expires_at: expiresAt,
    };
    return db
      .insertInto('idempotency_keys')
      .values({ scope, key, ...done })
      .onConflict((oc) => oc.columns(['scope', 'key']).doUpdateSet(done));
  },
);
/** The keys this process is acting on (SQLite), by scope and key. */
type Running = Map<string, { request: string; body_hash: string; lockedUntil: number }>;

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
 * PostgreSQL, a podcast route's write: the key claimed in the session's statement (access/access-hook.ts
 * `readWithClaim`, access/kinds.ts), its first round trip. Lost, it answers from the key's
 * row that statement saw; without one (committed meanwhile) or with this process's own unfreed
 * claim in the way, the claim is made again on its own (`claim`).
 */
async function claimWithSession(
  ctx: AppContext,
  unfreed: Unfreed,
  running: Running,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
) {
  const own = runningKey(ctx, request);
  const { claim: outcome, refused } = await request.readWithClaim!({ key, ...own });
  const scope = scopeOf(request);
  if (outcome?.won) {
    request.idempotency = { scope, key, holder: own.holder, replay: false };
    // Refused after the claim (CSRF, 401): its answer is recorded, or the key freed, as any other.
    if (refused) throw refused;
    return false;
  }
  if (refused) throw refused;
  if (!outcome?.taken || unfreed.has(idOf(scope, key))) {
    return claim(ctx, unfreed, running, request, reply, key);
  }
  return answerTaken(ctx.db, request, reply, outcome.taken, own.request, own.body_hash);
}

/** A key another request holds or held: 422 for another request, 409 while it runs, else the replay. */
function answerTaken(
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
      throw new HttpError(503, outageMessages.unavailable, undefined, { 'retry-after': '1' });
    }
    throw new HttpError(409, idempotencyMessages.running, undefined, { 'retry-after': '1' });
  }
  request.idempotency = { scope: '', key: '', holder: '', replay: true };
  reply.code(row.status).header('idempotent-replayed', 'true');
  if (row.content_type) reply.type(row.content_type);
  reply.send(row.response ?? undefined);
  return true;
}

/** Answers sent as text by answerWithin's routes: JSON, as Fastify types a serialized object. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * SQLite: the key's answer stored in the write's own transaction, so the claim (held in this
 * process), the write and the record are one commit. Decision 2026-11-26 (issue 25): the
 * record's own commit was a third of a step toggle's statements. Returns undefined when the
 * answer is stored as it is sent (PostgreSQL, no key); else `store(db, run, payload)`, to call
 * last inside the write's synchronous transaction (database.ts writeSync): it serializes the payload as the route would (its response
 * schema for the reply's status), stores that and returns it, and the route sends that text
 * (typed JSON_TYPE). Should the transaction fail, the error's answer is stored as usual.
 */
export function answerWithin(request: FastifyRequest, reply: FastifyReply, now: number) {
  const claimed = request.idempotency;
  const own = claimed?.inProcess;
  if (!claimed || !own) return undefined;
  return (db: Database, run: RunSync, payload: unknown): string => {
    const body = reply.serialize(payload) as string;
    storeAnswer.sync(
      db,
      run,
      claimed.scope,
      claimed.key,
      own.request,
      own.bodyHash,
      claimed.holder,
      reply.statusCode,
      JSON_TYPE,
      body,
      now,
      now + KEY_LIFETIME_MS,
    );
    own.stored = body;
    return body;
  };
}

/** Stores the first answer for its key (or frees the key when the answer says "try again"). */
async function record(
  ctx: AppContext,
  unfreed: Unfreed,
  running: Running,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
) {
  const claimed = request.idempotency;
  if (!claimed || claimed.replay) return;
  const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
  const type = reply.getHeader('content-type');
  const own = claimed.inProcess;
  if (own) {
    const id = idOf(claimed.scope, claimed.key);
    const acting = running.get(id);
    try {
      // Stored with the write already (answerWithin), and this is that answer.
      if (retryable(reply.statusCode) || (own.stored !== undefined && own.stored === body)) return;
      const now = ctx.clock.now().getTime();
      await storeAnswer(
        ctx.db,
        claimed.scope,
        claimed.key,
        own.request,
        own.bodyHash,
        claimed.holder,
        reply.statusCode,
        typeof type === 'string' ? type : null,
        body,
        now,
        now + KEY_LIFETIME_MS,
      );
    } finally {
      // After the commit: a duplicate from now on reads the stored answer.
      if (running.get(id) === acting) running.delete(id);
    }
    return;
  }
  if (retryable(reply.statusCode)) return freeKey(ctx, unfreed, claimed);
  await recordAnswer(
    ctx.db,
    reply.statusCode,
    typeof type === 'string' ? type : null,
    body,
    claimed.scope,
    claimed.key,
    claimed.holder,
  );
}

/**
 * Frees the key for the client's retry. When the database is what failed the request, freeing
 * fails too: then the claim is remembered in `unfreed` (a retry reaching this process frees it
 * first) and tried again every half second in the background until the database answers (else
 * every retry would get 409 until RUNNING_TIMEOUT_MS; the rolling-restart bench counted hundreds
 * after a PostgreSQL restart). `until` 0: one try, its fault thrown (the retry's own request).
 */
async function freeKey(
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

/** Removes expired keys (also taken over when reused, so this only keeps the table small). */
export async function deleteExpiredKeys({ db, clock }: Pick<AppContext, 'db' | 'clock'>) {
  await db.deleteFrom('idempotency_keys').where('expires_at', '<=', clock.now().getTime()).execute();
}

/**
 * Registers the hooks. Call before the send hook: the answer is stored as serialized, before it
 * is compressed. Returns the hourly clean-up job, to be stopped on close.
 */
export function registerIdempotency(app: FastifyInstance, ctx: AppContext): PeriodicJob {
  const unfreed: Unfreed = new Map();
  const running: Running = new Map();
  app.decorateRequest('idempotency', null);
  // After the access hook (the caller is known) and body parsing, before validation and the guard.
  // Both hooks take a callback, so a request without a key (every read) passes them without a
  // promise.
  app.addHook('preValidation', (request, reply, done) => {
    const withSession = request.readWithClaim && keyToClaim(request);
    if (withSession) {
      claimWithSession(ctx, unfreed, running, request, reply, withSession).then(
        (replayed) => replayed || done(),
        done,
      );
      return;
    }
    const header = keyHeader(request);
    if (header === undefined) return done();
    // A replay sends the stored answer itself; then the request ends here, without done().
    claim(ctx, unfreed, running, request, reply, header).then((replayed) => replayed || done(), done);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.idempotency) return done(null, payload);
    record(ctx, unfreed, running, request, reply, payload).then(() => done(null, payload), done);
  });
  return startPeriodicJob(ctx, app.log, 'idempotency-cleanup', CLEANUP_INTERVAL_MS, () =>
    deleteExpiredKeys(ctx),
  );
}
