// The admin panel's audit log: every write goes through `audited`, which logs who, what and when
// in the same transaction as the change (who may call a route: access/staff.ts).
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { withTx, type Db } from '../db/database.ts';
import { requireUser, type SessionUser } from '../access/session.ts';
import { forgetContentVersion, touchContent } from '../db/seed/seed.ts';
import { afterCommit } from '../db/transaction-scope.ts';

export type AuditEntry = {
  action: string;
  subjectType: string;
  subjectId: string | number;
  details?: Record<string, unknown>;
};

/** Logs one admin write; call inside the write's transaction. */
export async function audit(db: Db, actor: SessionUser, now: Date, entry: AuditEntry) {
  await db
    .insertInto('audit_log')
    .values({
      user_id: actor.id,
      user_email: actor.email,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: String(entry.subjectId),
      details: JSON.stringify(entry.details ?? {}),
      created_at: now.toISOString(),
    })
    .execute();
}

export { touchContent };

/** Runs an admin write and its audit entry in one transaction. */
export async function audited<T>(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  request: FastifyRequest,
  work: (tx: Db, now: Date) => Promise<{ result: T; entry: AuditEntry; content?: boolean }>,
): Promise<T> {
  const actor = requireUser(request);
  const now = ctx.clock.now();
  let touched = false;
  const result = await withTx(ctx.db, async (tx) => {
    const { result, entry, content } = await work(tx, now);
    await audit(tx, actor, now, entry);
    if (content) await touchContent(tx, now);
    touched = Boolean(content);
    return result;
  });
  // Once committed: inside a request's transaction (db/request-transaction.ts) that is after the
  // answer is stored, else a read in between would keep the old version again.
  if (touched) afterCommit(() => forgetContentVersion(ctx.db));
  return result;
}
