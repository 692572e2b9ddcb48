// The key's statements, built once (prepared-query.ts): they run on every write with a key.
import type { Db } from '../db/database.ts';
import { preparedQuery, preparedWrite } from '../db/prepared-query.ts';
import type { AppContext } from '../context.ts';
import { takeOverFree, type RunningKey } from './idempotency-key.ts';

/** Inserts the key as running, or takes over an expired one or a lost run of the same request. */
export const claimKey = preparedWrite(
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

export const keyRow = preparedWrite((db: Db, scope: string, key: string) =>
  db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('key', '=', key),
);
export const recordAnswer = preparedWrite(
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
/**
 * PostgreSQL: recordAnswer, sent with the request's COMMIT in one round trip
 * (db/request-transaction.ts `end`, Entscheidung PIPE-6).
 */
export const answerStatement = (
  status: number,
  contentType: string | null,
  response: string | null,
  scope: string,
  key: string,
  holder: string,
) => ({
  text:
    "update idempotency_keys set state = 'done', status = $1, content_type = $2, response = $3 " +
    'where scope = $4 and key = $5 and holder = $6',
  values: [Math.trunc(status), contentType, response, scope, key, holder],
});

/**
 * Frees a claim, only while it is still running: a write whose commit was in doubt (its answer
 * stored in the same transaction, db/request-transaction.ts) and did commit is never freed.
 */
export const deleteKey = preparedWrite((db: Db, scope: string, key: string, holder: string) =>
  db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('holder', '=', holder)
    .where('state', '=', 'running'),
);

// SQLite (one process per file, db/README.md): the claim is held in this process, not written.
// Entscheidung PIPE-4: the claim is an entry in `running` plus a
// synchronous read of the stored key on the read connection, and the record is one upsert of the
// finished row; a duplicate arriving meanwhile finds the entry (409) or, once the upsert is
// committed, the row (replay). A lost run leaves no row: its retry acts, as after
// RUNNING_TIMEOUT_MS on PostgreSQL. A 'running' row (from PostgreSQL's path) is honoured.
export const storedKey = preparedQuery((db: Db, scope: string, key: string) =>
  db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('key', '=', key),
);
export const storeAnswer = preparedWrite(
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

/** Removes expired keys (also taken over when reused, so this only keeps the table small). */
export async function deleteExpiredKeys({ db, clock }: Pick<AppContext, 'db' | 'clock'>) {
  await db.deleteFrom('idempotency_keys').where('expires_at', '<=', clock.now().getTime()).execute();
}
