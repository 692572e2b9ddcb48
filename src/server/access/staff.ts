// The admin panel's guard. Every route under /api/nova declares the ability it needs
// (`config: { staff: 'content' | 'users' | … }`, see src/shared/admin.ts); a route there without
// one cannot be registered. No session: 401 (the access hook); a role without the ability: 403.
// The audit log of the writes is the admin resource's (admin/audit.ts).
import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import { canStaff, type StaffAbility } from '../../shared/admin.ts';
import { HttpError } from '../http/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    staff?: StaffAbility;
  }
}

const STAFF_SCOPED = /^\/api\/nova(\/|$)/;
export const staffMessages = { forbidden: 'Dafür fehlt dir die Berechtigung.' };

export function registerStaffGuard(app: FastifyInstance) {
  const staffGuard: preValidationAsyncHookHandler = async (request) => {
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
    route.preValidation = [staffGuard, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });
}
