// The podcast's settings (§3 Setting: key and value, e.g. present_widget_closed).
// The guard (access/guard.ts) decides with the route's action from src/shared/roles.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { settingResource, settingSchema, settingsResource } from '../../shared/podcasts.ts';
import type { AppContext } from '../context.ts';
import { forgetContributions, PRIVATE_SETTING } from '../practices/pooled-queries.ts';
import { requirePodcast } from '../access/guard.ts';

export function settingRoutes(app: FastifyInstance, { db }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = idParam;
  const read = { podcast: { action: 'podcast.read' as const } };

  api.get(
    '/api/podcasts/:id/settings',
    { schema: { params, response: { 200: settingsResource } }, config: read },
    async (request) => ({
      data: await db
        .selectFrom('podcast_settings')
        .select(['key', 'value'])
        .where('podcast_id', '=', requirePodcast(request).podcast.id)
        .orderBy('key')
        .execute(),
    }),
  );
  api.post(
    '/api/podcasts/:id/settings',
    {
      schema: { params, body: settingSchema, response: { 200: settingResource } },
      config: { podcast: { action: 'settings.update' } },
    },
    async (request) => {
      const podcastId = requirePodcast(request).podcast.id;
      const { key, value } = request.body;
      await db
        .insertInto('podcast_settings')
        .values({ podcast_id: podcastId, key, value })
        .onConflict((oc) => oc.columns(['podcast_id', 'key']).doUpdateSet({ value }))
        .execute();
      // 'Meine Messungen nicht für andere verwenden': its measured effects leave the pool at once.
      if (key === PRIVATE_SETTING && value === '1') await forgetContributions(db, podcastId);
      return { data: { key, value } };
    },
  );
}
