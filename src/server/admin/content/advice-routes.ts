// /nova logbook advices (the dashboard's random advice); served with the content, so an edit
// renews the content version.
import type { FastifyInstance } from 'fastify';
import { adminAdviceForm, adminAdviceResponse, adminAdvicesResponse } from '../../../shared/admin.ts';
import type { AppContext } from '../../context.ts';
import { entryRoutes } from './entry-routes.ts';

export function adminAdviceRoutes(app: FastifyInstance, ctx: AppContext) {
  entryRoutes(app, ctx, {
    path: '/api/nova/advices',
    kind: {
      table: 'advices',
      subject: 'advice',
      missing: 'Diesen Logbuch-Eintrag gibt es nicht.',
      content: true,
    },
    form: adminAdviceForm,
    item: adminAdviceResponse,
    list: {
      response: adminAdvicesResponse,
      rows: async () =>
        (
          await ctx.db
            .selectFrom('advices')
            .select(['id', 'content', 'edited_at'])
            .where('deleted_at', 'is', null)
            .orderBy('id')
            .execute()
        ).map((a) => ({ ...a, edited_at: a.edited_at ?? null })),
    },
  });
}
