// The measured effect of experiments: GET /api/experiments/{id}/effect ('Wirkung' on
// the experiment) and GET /api/podcasts/{id}/effects ('Was hat gewirkt?': the podcast's
// experiments that ended with enough data: those with a measured effect on the downloads first,
// by that effect, then the others by their goal score). Pro, every role reads.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { berlinDate, daysBetween } from '../../shared/calendar.ts';
import { effectListResource, effectResource, type ExperimentEffect } from '../../shared/experiment-effect.ts';
import type { AppContext } from '../context.ts';
import { requirePodcast } from '../access/guard.ts';
import { loadDetectable } from '../audience/detectable-routes.ts';
import { loadEffects } from './effect.ts';

type Ranked = { experiment: { id: number }; effect: ExperimentEffect };
const measured = (e: Ranked) => (e.effect.audience?.enough_data ? e.effect.audience.relative : null);

/**
 * 'Was hat gewirkt?': a measured effect on the downloads outranks a typed before/after (it is
 * measured against what was to be expected); among the measured, the larger effect first, and on
 * a tie the one whose interval reaches less far down; then the typed goal score; then the newest.
 */
export function byMeasuredEffect(a: Ranked, b: Ranked) {
  const [ma, mb] = [measured(a), measured(b)];
  if (ma !== null && mb !== null) {
    return (
      mb - ma ||
      b.effect.audience!.interval![0] - a.effect.audience!.interval![0] ||
      b.experiment.id - a.experiment.id
    );
  }
  if (ma !== null || mb !== null) return ma !== null ? -1 : 1;
  return (b.effect.goal_score ?? -2) - (a.effect.goal_score ?? -2) || b.experiment.id - a.experiment.id;
}

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
      const today = berlinDate(clock.now());
      const effects = await loadEffects(db, podcast.id, [experiment], today);
      const effect = effects.get(experiment.id)!;
      // Until its first day is counted, 'Wirkung' says what it will be able to tell.
      if (today > experiment.starts_at) return { data: effect };
      const days = daysBetween(experiment.starts_at, experiment.ends_at) + 1;
      return { data: { ...effect, detectable: await loadDetectable(db, podcast.id, today, days) } };
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
      const effects = await loadEffects(db, podcast.id, ended, today);
      const data = ended
        .map((e) => ({
          experiment: { id: e.id, title: e.title, practice_id: e.practice_id, ends_at: e.ends_at },
          effect: effects.get(e.id)!,
        }))
        .filter((e) => e.effect.enough_data || e.effect.audience?.enough_data)
        .sort(byMeasuredEffect);
      return { data };
    },
  );
}
