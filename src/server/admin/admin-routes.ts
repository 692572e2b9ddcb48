// /nova: the panel's probe, feedback received, access codes, the audit log.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCodesForm,
  adminCodesResponse,
  adminFeedbackResponse,
  auditLogResponse,
  canStaff,
  pageQuery,
  staffResponse,
  type StaffAbility,
} from '../../shared/admin.ts';
import { labelled, userRole } from '../../shared/vocabulary.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../access/session.ts';
import { createCodes, listCodes } from './access-codes.ts';
import { ADMIN_PER_PAGE, pageMeta } from './paging.ts';
import { audited } from './audit.ts';

const abilities: StaffAbility[] = ['content', 'users', 'codes', 'feedback', 'audit'];

export function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Any staff role passes 'audit'; the panel asks this first and shows 404 to everyone else.
  api.get(
    '/api/nova/me',
    { schema: { response: { 200: staffResponse } }, config: { staff: 'audit' } },
    async (request) => {
      const user = requireUser(request);
      return {
        data: {
          id: user.id,
          email: user.email,
          role: labelled(userRole, user.role as 'admin'),
          abilities: abilities.filter((a) => canStaff(user.role, a)),
        },
      };
    },
  );

  api.get(
    '/api/nova/feedback',
    {
      schema: { querystring: pageQuery, response: { 200: adminFeedbackResponse } },
      config: { staff: 'feedback' },
    },
    async (request) => {
      const { page } = request.query;
      const { n } = await db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom('feedback')
        .select(['id', 'email', 'message', 'page', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(ADMIN_PER_PAGE)
        .offset((page - 1) * ADMIN_PER_PAGE)
        .execute();
      return { data: rows, meta: pageMeta(page, rows.length, Number(n)) };
    },
  );

  api.get(
    '/api/nova/codes',
    { schema: { response: { 200: adminCodesResponse } }, config: { staff: 'codes' } },
    async () => ({
      data: (await listCodes(db)).map((c) => ({ ...c, redeemed_by: c.redeemed_by ?? null })),
    }),
  );

  api.post(
    '/api/nova/codes',
    { schema: { body: adminCodesForm, response: { 201: adminCodesResponse } }, config: { staff: 'codes' } },
    async (request, reply) => {
      const { count, note } = request.body;
      const codes = await audited(ctx, request, async (tx, now) => {
        const made = await createCodes(tx, now, count, note || null);
        return {
          result: made,
          entry: {
            action: 'codes.create',
            subjectType: 'access_code',
            subjectId: count,
            details: { count, note },
          },
        };
      });
      const all = await listCodes(db);
      return reply.status(201).send({
        data: all
          .filter((c) => codes.includes(c.code))
          .map((c) => ({ ...c, redeemed_by: c.redeemed_by ?? null })),
      });
    },
  );

  api.get(
    '/api/nova/audit',
    { schema: { querystring: pageQuery, response: { 200: auditLogResponse } }, config: { staff: 'audit' } },
    async (request) => {
      const { page } = request.query;
      const { n } = await db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom('audit_log')
        .select(['id', 'user_email', 'action', 'subject_type', 'subject_id', 'details', 'created_at'])
        .orderBy('id', 'desc')
        .limit(ADMIN_PER_PAGE)
        .offset((page - 1) * ADMIN_PER_PAGE)
        .execute();
      return { data: rows, meta: pageMeta(page, rows.length, Number(n)) };
    },
  );
}
