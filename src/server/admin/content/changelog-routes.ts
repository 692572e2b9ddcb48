// /nova changelog entries, newest release first.
import type { FastifyInstance } from 'fastify';
import {
  adminChangelogForm,
  adminChangelogItemResponse,
  adminChangelogResponse,
} from '../../../shared/admin.ts';
import type { AppContext } from '../../context.ts';
import { entryRoutes } from './entry-routes.ts';

export function adminChangelogRoutes(app: FastifyInstance, ctx: AppContext) {
  entryRoutes(app, ctx, {
    path: '/api/nova/changelog',
    kind: {
      table: 'changelog_items',
      subject: 'changelog',
      missing: 'Diesen Changelog-Eintrag gibt es nicht.',
    },
    form: adminChangelogForm,
    item: adminChangelogItemResponse,
    list: {
      response: adminChangelogResponse,
      rows: async () =>
        (
          await ctx.db
            .selectFrom('changelog_items')
            .select(['id', 'title', 'release', 'released_at', 'content', 'edited_at'])
            .where('deleted_at', 'is', null)
            .orderBy('released_at', 'desc')
            .orderBy('id', 'desc')
            .execute()
        ).map((c) => ({ ...c, edited_at: c.edited_at ?? null })),
    },
  });
}
