// /nova roadmap entries, in their order.
import type { FastifyInstance } from 'fastify';
import { adminRoadmapForm, adminRoadmapItemResponse, adminRoadmapResponse } from '../../../shared/admin.ts';
import type { AppContext } from '../../context.ts';
import { entryRoutes } from './entry-routes.ts';

export function adminRoadmapRoutes(app: FastifyInstance, ctx: AppContext) {
  entryRoutes(app, ctx, {
    path: '/api/nova/roadmap',
    kind: { table: 'roadmap_items', subject: 'roadmap', missing: 'Diesen Roadmap-Eintrag gibt es nicht.' },
    form: adminRoadmapForm,
    item: adminRoadmapItemResponse,
    list: {
      response: adminRoadmapResponse,
      rows: async () =>
        (
          await ctx.db
            .selectFrom('roadmap_items')
            .select(['id', 'title', 'content', 'position', 'edited_at'])
            .where('deleted_at', 'is', null)
            .orderBy('position')
            .orderBy('id')
            .execute()
        ).map((r) => ({ ...r, edited_at: r.edited_at ?? null })),
    },
  });
}
