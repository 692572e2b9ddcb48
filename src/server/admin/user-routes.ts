// /nova users and podcasts (admins only): search and page, roles, resend verification, each
// user's podcasts with their plan.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminPodcastsQuery,
  adminPlanForm,
  adminPodcastResponse,
  adminPodcastsResponse,
  adminRoleForm,
  adminUserDetailResponse,
  adminUsersQuery,
  adminUsersResponse,
} from '../../shared/admin.ts';
import { idParam, messageResponse } from '../../shared/api.ts';
import { labelled, userRole } from '../../shared/vocabulary.ts';
import { TRIAL_DAYS } from '../../shared/podcasts.ts';
import type { AppContext } from '../context.ts';
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';
import { requireUser } from '../access/session.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { planColumns, planOf, type PlanRow } from '../access/plan.ts';
import { audited } from './audit.ts';
import { ADMIN_PER_PAGE, contains, pageMeta } from './paging.ts';

const roleOf = (key: string) =>
  labelled(userRole, (userRole.keys as readonly string[]).includes(key) ? (key as 'user') : 'user');

type UserRow = {
  id: number;
  name: string | null;
  email: string;
  role: string;
  email_verified_at: string | null;
  granted: number;
  created_at: string;
};
const serializeUser = (u: UserRow) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: roleOf(u.role),
  verified: u.email_verified_at !== null,
  granted: Boolean(u.granted),
  created_at: u.created_at,
});
const userColumns = ['id', 'name', 'email', 'role', 'email_verified_at', 'granted', 'created_at'] as const;

const planFields = ['podcasts.trial_days', 'podcasts.pro_until'] as const;

/** A podcast of the panel with its plan (`planColumns` selected). */
function serializePodcast(
  p: PlanRow & { id: number; title: string; pro_reason: string | null; owner_email: string | null },
  now: Date,
) {
  const plan = planOf(p, now);
  return {
    id: p.id,
    title: p.title,
    owner_email: p.owner_email,
    active: plan.active,
    only_trial: plan.only_trial,
    days_left: plan.trial.days_left,
    trial_days: plan.trial.trial_days,
    lifetime: plan.lifetime,
    contract: plan.contract,
    pro_until: p.pro_until,
    pro_reason: p.pro_reason,
    created_at: p.created_at,
  };
}

export function adminUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const notFoundUser = () => notFound('Diesen Benutzer gibt es nicht.');

  api.get(
    '/api/nova/users',
    {
      schema: { querystring: adminUsersQuery, response: { 200: adminUsersResponse } },
      config: { staff: 'users' },
    },
    async (request) => {
      const { q, page } = request.query;
      let query = db.selectFrom('users');
      if (q) query = query.where((eb) => eb.or([contains('email', q), contains('name', q)]));
      const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await query
        .select(userColumns)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(ADMIN_PER_PAGE)
        .offset((page - 1) * ADMIN_PER_PAGE)
        .execute();
      return { data: rows.map(serializeUser), meta: pageMeta(page, rows.length, Number(n)) };
    },
  );

  async function userDetail(userId: number) {
    const user = await db.selectFrom('users').select(userColumns).where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFoundUser();
    const now = clock.now();
    const podcasts = await db
      .selectFrom('memberships')
      .innerJoin('podcasts', 'podcasts.id', 'memberships.podcast_id')
      .select(['podcasts.id', 'podcasts.title', 'podcasts.created_at', 'memberships.role', ...planFields])
      .select(planColumns(now))
      .where('memberships.user_id', '=', userId)
      .orderBy('podcasts.title')
      .execute();
    return {
      ...serializeUser(user),
      podcasts: podcasts.map((p) => {
        const { id, title, role } = p;
        const plan = planOf(p, now);
        return {
          id,
          title,
          role,
          active: plan.active,
          only_trial: plan.only_trial,
          days_left: plan.trial.days_left,
        };
      }),
    };
  }

  api.get(
    '/api/nova/users/:id',
    { schema: { params: idParam, response: { 200: adminUserDetailResponse } }, config: { staff: 'users' } },
    async (request) => ({ data: await userDetail(request.params.id) }),
  );

  api.put(
    '/api/nova/users/:id/role',
    {
      schema: { params: idParam, body: adminRoleForm, response: { 200: adminUserDetailResponse } },
      config: { staff: 'users' },
    },
    async (request) => {
      const actor = requireUser(request);
      const { id } = request.params;
      const { role } = request.body;
      // An admin cannot take the panel away from themselves (nor leave it without an admin).
      if (id === actor.id) throw new HttpError(403, 'Deine eigene Rolle kannst du nicht ändern.');
      await audited(ctx, request, async (tx) => {
        const before = await tx.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst();
        if (!before) throw notFoundUser();
        await tx.updateTable('users').set({ role }).where('id', '=', id).execute();
        return {
          result: undefined,
          entry: {
            action: 'user.role',
            subjectType: 'user',
            subjectId: id,
            details: { from: before.role, to: role },
          },
        };
      });
      return { data: await userDetail(id) };
    },
  );

  api.post(
    '/api/nova/users/:id/verification',
    {
      schema: { params: idParam, response: { 200: messageResponse, 202: messageResponse } },
      config: { staff: 'users' },
    },
    async (request, reply) => {
      const { id } = request.params;
      const user = await db
        .selectFrom('users')
        .select(['email_verified_at', 'pending_email'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!user) throw notFoundUser();
      if (user.email_verified_at && !user.pending_email) {
        return { message: 'Die E-Mail-Adresse ist bereits bestätigt.' };
      }
      await audited(ctx, request, async (tx) => {
        await ctx.mail.enqueue(tx, { template: 'verification', userId: id });
        return {
          result: undefined,
          entry: { action: 'user.verification', subjectType: 'user', subjectId: id },
        };
      });
      return reply.status(202).send({ message: 'Bestätigungs-E-Mail versendet.' });
    },
  );

  api.get(
    '/api/nova/podcasts',
    {
      schema: { querystring: adminPodcastsQuery, response: { 200: adminPodcastsResponse } },
      config: { staff: 'users' },
    },
    async (request) => {
      const { q, page } = request.query;
      const now = clock.now();
      let query = db.selectFrom('podcasts');
      if (q)
        query = query.where((eb) => eb.or([contains('podcasts.title', q), contains('podcasts.name', q)]));
      const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await query
        .$call(withPlan(now))
        .orderBy('podcasts.created_at', 'desc')
        .orderBy('podcasts.id', 'desc')
        .limit(ADMIN_PER_PAGE)
        .offset((page - 1) * ADMIN_PER_PAGE)
        .execute();
      return {
        data: rows.map((p) => serializePodcast(p, now)),
        meta: pageMeta(page, rows.length, Number(n)),
      };
    },
  );

  // Grants Pro through a day and sets the trial's length, always with a reason (in the audit
  // log, and on the podcast for the panel). Pro granted here counts like a contract.
  api.put(
    '/api/nova/podcasts/:id/plan',
    {
      schema: { params: idParam, body: adminPlanForm, response: { 200: adminPodcastResponse } },
      config: { staff: 'users' },
    },
    async (request) => {
      const { id } = request.params;
      const { trial_days, pro_until, reason } = request.body;
      await audited(ctx, request, async (tx) => {
        const before = await tx
          .selectFrom('podcasts')
          .select(['trial_days', 'pro_until'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!before) throw notFound('Diesen Podcast gibt es nicht.');
        await tx
          .updateTable('podcasts')
          .set({ trial_days: trial_days === TRIAL_DAYS ? null : trial_days, pro_until, pro_reason: reason })
          .where('id', '=', id)
          .execute();
        return {
          result: undefined,
          entry: {
            action: 'podcast.plan',
            subjectType: 'podcast',
            subjectId: id,
            details: {
              from: { trial_days: before.trial_days ?? TRIAL_DAYS, pro_until: before.pro_until },
              to: { trial_days, pro_until },
              reason,
            },
          },
        };
      });
      const now = clock.now();
      const row = await db
        .selectFrom('podcasts')
        .where('podcasts.id', '=', id)
        .$call(withPlan(now))
        .executeTakeFirstOrThrow();
      return { data: serializePodcast(row, now) };
    },
  );
}

/** A query over `podcasts` with everything the panel shows of a podcast. */
const withPlan = (now: Date) => (query: SelectQueryBuilder<DB, 'podcasts', object>) =>
  query
    .select(['podcasts.id', 'podcasts.title', 'podcasts.created_at', 'podcasts.pro_reason', ...planFields])
    .select(planColumns(now))
    .select(ownerEmail);

/** The owner's address, as a column of a query over `podcasts`. */
const ownerEmail = (eb: ExpressionBuilder<DB, 'podcasts'>) =>
  eb
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.email')
    .whereRef('m.podcast_id', '=', 'podcasts.id')
    .where('m.role', '=', 'owner')
    .as('owner_email');
