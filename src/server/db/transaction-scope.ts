// Which transactions the running code is inside, and the rule that no call to another service
// (a feed, OP3, Steady, a push service, SMTP, an LLM) starts while one of them holds a connection.
//
// Entscheidung DB-17: no call to another service while a transaction holds a connection; the clients of
// other services call `refuseInTransaction` before they connect: inside a request's transaction
// that has written (request-transaction.ts) or a handler's own (`withTx`; with
// NODE_ENV=production only inside a keyed request, see watchEveryTransaction) it throws, and the
// transaction cannot commit any more (a catch that swallows the error, as the cover's check
// does, still ends in a 500 and a rollback). A route calls out first and writes
// after; work that is not part of the request's answer and must write before or between calls
// (the throttle's count, a Steady re-check, an OP3 fetch) runs `outsideRequest`, each statement
// committed on its own. `tests/server/db/outside-calls.test.ts` shows both.
import { AsyncLocalStorage } from 'node:async_hooks';

/** What a request's transaction (request-transaction.ts) shows this module. */
export type HeldTransaction = {
  /** Whether it holds a connection now (a write began it and it has not ended). */
  readonly holding: boolean;
  /** Marks it as unable to commit: `error` is what its end throws. */
  refuse(error: Error): void;
  /** Keeps `work` until it has ended; false once it has. */
  defer(work: () => void): boolean;
};

/** A handler's own transaction (withTx), open until its callback has settled. */
type Frame = { open: boolean; refused?: Error; parent: Frame | undefined };
/**
 * `tx`: the request's transaction; `beside`: code that runs outside it (its statements on the
 * pool); `frame`: the innermost withTx. One AsyncLocalStorage for all three: each one enabled
 * costs a little on every promise the process makes.
 */
type Scope = { tx?: HeldTransaction; beside?: boolean; frame?: Frame };

const scopes = new AsyncLocalStorage<Scope>();

/** The request's transaction the running code's statements belong to, if any. */
export function requestTransactionOf(): HeldTransaction | undefined {
  const scope = scopes.getStore();
  return scope?.beside ? undefined : scope?.tx;
}

/** Runs `work` (and everything it starts) with its statements in `tx`. */
export const inRequest = <T>(tx: HeldTransaction, work: () => T): T => scopes.run({ tx }, work);

/**
 * Runs `work` outside the request's transaction: each of its statements commits on its own (or in
 * a `withTx` of its own), none waits for the request's answer. For writes that are no part of
 * what a retry with the same Idempotency-Key must find either done or not (a throttle's count, a
 * copy of another service's state). Their rows must not be ones the request's transaction wrote
 * (it would wait for their locks). Entscheidung AUTH-2.
 */
export function outsideRequest<T>(work: () => T): T {
  const scope = scopes.getStore();
  return scope?.tx && !scope.beside ? scopes.run({ ...scope, beside: true }, work) : work();
}

/**
 * Whether withTx is watched outside a request's transaction too. Node 20 runs an
 * AsyncLocalStorage on promise hooks: once one `run` enabled it, every promise of the process
 * costs more (twice the time in a loop of awaits; a keyed request on PostgreSQL enables it
 * anyway). So with NODE_ENV=production (the benches set it) a handler's transaction is watched
 * only inside a keyed request on PostgreSQL, and dev and test catch the rest (Entscheidung DB-18).
 */
const watchEveryTransaction = process.env.NODE_ENV !== 'production';

/** Runs a handler's transaction callback (database.ts `withTx`); see refuseInTransaction. */
export async function withinTransaction<T>(work: () => Promise<T>): Promise<T> {
  const scope = scopes.getStore();
  if (!scope && !watchEveryTransaction) return work();
  const frame: Frame = { open: true, parent: scope?.frame };
  try {
    const result = await scopes.run({ ...scope, frame }, work);
    if (frame.refused) throw frame.refused;
    return result;
  } catch (error) {
    throw frame.refused ?? error;
  } finally {
    frame.open = false;
  }
}

export class HeldTransactionError extends Error {
  override name = 'HeldTransactionError';
}

/**
 * Called by every client of another service before it connects: throws when the running code is
 * inside a transaction that holds a connection (the request's, once it wrote, or a withTx), and
 * marks that transaction so that it rolls back. `what`: the call, for the message.
 */
export function refuseInTransaction(what: string) {
  const scope = scopes.getStore();
  const held = scope?.tx?.holding ? scope.tx : undefined;
  let frame = scope?.frame;
  while (frame && !frame.open) frame = frame.parent;
  if (!held && !frame) return;
  const error = new HeldTransactionError(
    `${what} inside a ${held ? "request's" : 'handler'} transaction: call out before writing, ` +
      'or write outside the request (db/transaction-scope.ts)',
  );
  held?.refuse(error);
  for (; frame; frame = frame.parent) if (frame.open) frame.refused ??= error;
  throw error;
}

/**
 * Starts background work a request asks for (a queue's worker, a fetch of a new source) once the
 * request's transaction has ended, outside it and outside any handler transaction: run before, it
 * would not see the request's uncommitted rows, or would run its own statements inside the
 * request's transaction. Without a request's transaction, now.
 */
export function afterCommit(work: () => void) {
  const apart = () => scopes.exit(work);
  if (!requestTransactionOf()?.defer(apart)) apart();
}
