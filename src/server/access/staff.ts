// The admin panel's guard and audit log. Every route under /api/nova declares the ability it
// needs (`config: { staff: 'content' | 'users' | … }`, see src/shared/admin.ts); a route there
// without one cannot be registered. No session: 401 (the access hook); a role without the
// ability: 403. Every write goes through `audited`, which logs who, what and when in the same
// transaction as the change.
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { canStaff, type StaffAbility } from '../../shared/admin.ts';
import type { AppContext } from '../context.ts';
import { withTx, type Db } from '../db/database.ts';
import { requireUser, type SessionUser } from './session.ts';
import { HttpError } from '../http/errors.ts';
import { CONTENT_EDIT, forgetContentVersion } from '../db/seed/seed.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    staff?: StaffAbility;
  }
}

const STAFF_SCOPED = /^\/api\/nova(\/|$)/;
export const staffMessages = { forbidden: 'Dafür fehlt dir die Berechtigung.' };

export function registerStaffGuard(app: FastifyInstance) {
  const guard: preValidationAsyncHookHandler = async (request) => {
    const user = request.user;
    if (!user) throw new HttpError(401, 'Du bist nicht angemeldet.');
    if (!canStaff(user.role, request.routeOptions.config.staff!)) {
      throw new HttpError(403, staffMessages.forbidden);
    }
  };
  app.addHook('onRoute', (route) => {
    if (STAFF_SCOPED.test(route.url) && !route.config?.staff) {
      throw new Error(`${route.url} is an admin route but declares no staff ability`);
    }
    if (!route.config?.staff) return;
    const own = route.preValidation;
    route.preValidation = [guard, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });
}

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

/** Marks the content as changed, so pre-rendered method answers and ETags are renewed. */
export async function touchContent(db: Db, now: Date) {
  const value = now.getTime().toString(36).slice(-6) + Math.random().toString(36).slice(2, 4);
  await db
    .insertInto('secrets')
    .values({ key: CONTENT_EDIT, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

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
  if (touched) forgetContentVersion(ctx.db);
  return result;
}
