// The measured effect of experiments (issue 22): GET /api/experiments/{id}/effect ('Wirkung' on
// the experiment) and GET /api/podcasts/{id}/effects ('Was hat gewirkt?': the podcast's
// experiments that ended with enough data, best goal score first). Pro, every role reads.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { berlinDate } from '../../shared/calendar.ts';
import { effectListResource, effectResource } from '../../shared/experiment-effect.ts';
import type { AppContext } from '../context.ts';
import { requirePodcast } from '../access/guard.ts';
import { loadEffects } from './effect.ts';

export function effectRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/experiments/:id/effect',
    {
      schema: { params: idParam, response: { 200: effectResource } },
      config: { podcast: { via: 'experiment', action: 'experiments.read', plan: 'pro' } },
    },
    async (request) => {
      const { podcast, experimentId } = requirePodcast(request);
      const experiment = await db
        .selectFrom('experiments')
        .select(['id', 'starts_at', 'ends_at'])
        .where('id', '=', experimentId!)
        .executeTakeFirstOrThrow();
      const effects = await loadEffects(db, podcast.id, [experiment]);
      return { data: effects.get(experiment.id)! };
    },
  );

  api.get(
    '/api/podcasts/:id/effects',
    {
      schema: { params: idParam, response: { 200: effectListResource } },
      config: { podcast: { action: 'experiments.read', plan: 'pro' } },
    },
    async (request) => {
      const { podcast } = requirePodcast(request);
      const today = berlinDate(clock.now());
      const ended = await db
        .selectFrom('experiments')
        .select(['id', 'title', 'practice_id', 'starts_at', 'ends_at'])
        .where('podcast_id', '=', podcast.id)
        .where('deleted_at', 'is', null)
        .where('ends_at', '<=', today)
        .execute();
      const effects = await loadEffects(db, podcast.id, ended);
      const data = ended
        .map((e) => ({
          experiment: { id: e.id, title: e.title, practice_id: e.practice_id, ends_at: e.ends_at },
          effect: effects.get(e.id)!,
        }))
        .filter((e) => e.effect.enough_data)
        .sort(
          (a, b) =>
            (b.effect.goal_score ?? -2) - (a.effect.goal_score ?? -2) || b.experiment.id - a.experiment.id,
        );
      return { data };
    },
  );
}
