// The Idempotency-Key itself (pipeline/idempotency.ts runs the protocol): its shape, whose it is
// (scope), the claim a request holds and the row a claim writes.
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { OnConflictBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { AppContext } from '../context.ts';
import type { RequestTransaction } from '../db/request-transaction.ts';
import { XSRF_COOKIE } from '../http/cookies.ts';
import { HttpError } from '../http/errors.ts';
import { routeOf } from '../http/route-of.ts';

/** How long a key is remembered (and its answer replayed). */
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A request still running after this long is taken as lost (its process died): the key is free again. */
export const RUNNING_TIMEOUT_MS = 60 * 1000;
export const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** Printable ASCII without quotes, backslash and spaces; a UUID fits, as the draft suggests. */
export const KEY_SHAPE = /^[\x21\x23-\x5b\x5d-\x7e]{8,255}$/;
export const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Answers that say "try again" rather than "this is what happened": never replayed. */
export const retryable = (status: number) =>
  status === 401 || status === 419 || status === 429 || status >= 500;

export const idempotencyMessages = {
  invalid:
    'Der Idempotency-Key ist ungültig. Erlaubt sind 8 bis 255 sichtbare Zeichen ohne Anführungszeichen, z. B. eine UUID.',
  upload: 'Datei-Uploads unterstützen keinen Idempotency-Key.',
  mismatch:
    'Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet. Bitte nimm für jede neue Anfrage einen neuen Schlüssel.',
  running: 'Diese Anfrage wird gerade schon bearbeitet. Bitte versuche es gleich noch einmal.',
};

export type Claim = {
  scope: string;
  key: string;
  holder: string;
  replay: boolean;
  /** SQLite: the claim held in this process (its request, and the answer if stored with the write: unit-of-work.ts). */
  inProcess?: { request: string; bodyHash: string; stored?: string };
  /** PostgreSQL: the write is done, its answer is being stored again in the background (idempotency-answer.ts `storeLater`). */
  storing?: boolean;
  /** PostgreSQL: the request's writes and its answer, one transaction (db/request-transaction.ts). */
  tx?: RequestTransaction;
  /** PostgreSQL: the claim was made inside `tx` (idempotency.ts `claimWithSession`): its row goes with a rollback. */
  inTx?: boolean;
};
/**
 * SQLite: what storeAnswer (idempotency-statements.ts) stores for a claim held in this process, from
 * its scope on: the request, the answer and its lifetime.
 */
export const ownAnswer = (
  claimed: Claim,
  status: number,
  contentType: string | null,
  body: string | null,
  now: number,
) =>
  [
    claimed.scope,
    claimed.key,
    claimed.inProcess!.request,
    claimed.inProcess!.bodyHash,
    claimed.holder,
    status,
    contentType,
    body,
    now,
    now + KEY_LIFETIME_MS,
  ] as const;

/** Claims whose request failed with the database and whose key could not be freed yet, by scope and key. */
export type Unfreed = Map<string, Claim>;
export const idOf = (scope: string, key: string) => `${scope}\n${key}`;

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
export const unquoted = (header: string) => /^"(.*)"$/.exec(header.trim())?.[1] ?? header.trim();

/**
 * The key of a write this module claims, when it is well-formed (else undefined: the claim's own
 * hook answers 400, or the route takes no key). pipeline/access-hook.ts reads it to claim with the session.
 */
export function keyToClaim(request: FastifyRequest): string | undefined {
  const header = keyHeader(request);
  if (header === undefined || Array.isArray(header) || isUpload(request)) return undefined;
  const bare = unquoted(header);
  return KEY_SHAPE.test(bare) ? bare : undefined;
}

/** The Idempotency-Key header of a write under /api/ (this module's to claim), else undefined. */
export function keyHeader(request: FastifyRequest) {
  const header = request.headers['idempotency-key'];
  if (header === undefined || !WRITES.has(request.method)) return undefined;
  return routeOf(request).url?.startsWith('/api/') ? header : undefined;
}
export const isUpload = (request: FastifyRequest) =>
  /^multipart\//i.test(request.headers['content-type'] ?? '');

/** JSON with sorted keys, so `{a,b}` and `{b,a}` are the same body. */
export function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Whose key it is: the user, or for a guest the CSRF cookie every guest write carries. */
export function scopeOf(request: FastifyRequest) {
  if (request.user) return `u:${request.user.id}`;
  return `g:${sha256(request.cookies[XSRF_COOKIE] ?? '')}`;
}

/** The keys this process is acting on (SQLite), by scope and key. */
export type Running = Map<string, { request: string; body_hash: string; lockedUntil: number }>;

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
    .doUpdateSet({
      ...running,
      status: null,
      content_type: null,
      response: null,
    })
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
export function runningKey({ clock }: AppContext, request: FastifyRequest): RunningKey {
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
