// The podcast's own work: goals (objective), stage, strategy, milestones and settings (the
// metrics: metric-routes.ts). Every route stands on the guard (access/guard.ts) with its action from src/shared/roles.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import {
  milestonesResource,
  milestonesSchema,
  objectiveResource,
  objectiveSchema,
  settingResource,
  settingSchema,
  settingsResource,
  stageResource,
  stageSchema,
  strategyResource,
  strategySchema,
} from '../../shared/podcasts.ts';
import { strategyFields } from '../../shared/strategy.ts';
import { importance, metric, type MetricKey } from '../../shared/vocabulary.ts';
import { audienceSize, budget, timeEffort } from '../../shared/vocabulary.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { withTx } from '../db/database.ts';
import { refreshScores } from '../practices/recommend.ts';
import { forgetContributions, PRIVATE_SETTING } from '../practices/pooled-queries.ts';
import { requirePodcast } from '../access/guard.ts';
import { loadMilestones } from './serialize-podcast.ts';

const pick = <K extends string>(keys: readonly K[], value: string | null | undefined): K | null =>
  value && (keys as readonly string[]).includes(value) ? (value as K) : null;

async function readObjective(db: Db, podcastId: number) {
  const row = await db
    .selectFrom('podcast_objectives')
    .selectAll()
    .where('podcast_id', '=', podcastId)
    .executeTakeFirst();
  return Object.fromEntries(metric.keys.map((k) => [k, pick(importance.keys, row?.[k])])) as Record<
    MetricKey,
    (typeof importance.keys)[number] | null
  >;
}

async function readStage(db: Db, podcastId: number) {
  const row = await db
    .selectFrom('podcast_stages')
    .selectAll()
    .where('podcast_id', '=', podcastId)
    .executeTakeFirst();
  return {
    commitment: pick(timeEffort.keys, row?.commitment),
    expansion: pick(audienceSize.keys, row?.expansion),
    investment: pick(budget.keys, row?.investment),
  };
}

async function readStrategy(db: Db, podcastId: number) {
  const row = await db
    .selectFrom('podcast_strategies')
    .selectAll()
    .where('podcast_id', '=', podcastId)
    .executeTakeFirst();
  return Object.fromEntries(strategyFields.map((k) => [k, row?.[k] ?? null])) as Record<
    (typeof strategyFields)[number],
    string | null
  >;
}

export function podcastContentRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = idParam;
  const read = { podcast: { action: 'podcast.read' as const } };

  api.get(
    '/api/podcasts/:id/objective',
    { schema: { params, response: { 200: objectiveResource } }, config: read },
    async (request) => ({ data: await readObjective(db, requirePodcast(request).podcast.id) }),
  );
  api.put(
    '/api/podcasts/:id/objective',
    {
      schema: { params, body: objectiveSchema, response: { 200: objectiveResource } },
      config: { podcast: { action: 'objective.update' } },
    },
    async (request) => {
      const podcastId = requirePodcast(request).podcast.id;
      const values = { podcast_id: podcastId, ...request.body };
      await db
        .insertInto('podcast_objectives')
        .values(values)
        .onConflict((oc) => oc.column('podcast_id').doUpdateSet(request.body))
        .execute();
      await refreshScores(db, podcastId, clock.now()); // the goals are the engine's input
      return { data: await readObjective(db, podcastId) };
    },
  );

  api.get(
    '/api/podcasts/:id/stage',
    { schema: { params, response: { 200: stageResource } }, config: read },
    async (request) => ({ data: await readStage(db, requirePodcast(request).podcast.id) }),
  );
  api.put(
    '/api/podcasts/:id/stage',
    {
      schema: { params, body: stageSchema, response: { 200: stageResource } },
      config: { podcast: { action: 'stage.update' } },
    },
    async (request) => {
      const podcastId = requirePodcast(request).podcast.id;
      await db
        .insertInto('podcast_stages')
        .values({ podcast_id: podcastId, ...request.body })
        .onConflict((oc) => oc.column('podcast_id').doUpdateSet(request.body))
        .execute();
      await refreshScores(db, podcastId, clock.now()); // the stage is the engine's input
      return { data: await readStage(db, podcastId) };
    },
  );

  api.get(
    '/api/podcasts/:id/strategy',
    { schema: { params, response: { 200: strategyResource } }, config: read },
    async (request) => ({ data: await readStrategy(db, requirePodcast(request).podcast.id) }),
  );
  // The whole strategy at once; an empty or missing answer is stored as none.
  api.put(
    '/api/podcasts/:id/strategy',
    {
      schema: { params, body: strategySchema, response: { 200: strategyResource } },
      config: { podcast: { action: 'strategy.update' } },
    },
    async (request) => {
      const podcastId = requirePodcast(request).podcast.id;
      const answers = Object.fromEntries(strategyFields.map((k) => [k, request.body[k] || null]));
      await db
        .insertInto('podcast_strategies')
        .values({ podcast_id: podcastId, ...answers })
        .onConflict((oc) => oc.column('podcast_id').doUpdateSet(answers))
        .execute();
      return { data: await readStrategy(db, podcastId) };
    },
  );

  // Sets the milestones sent; an empty text removes that one; metrics not sent stay as they are.
  api.post(
    '/api/podcasts/:id/milestones::batch',
    {
      schema: { params, body: milestonesSchema, response: { 200: milestonesResource } },
      config: { podcast: { action: 'milestones.update' } },
    },
    async (request) => {
      const podcastId = requirePodcast(request).podcast.id;
      await withTx(db, async (tx) => {
        for (const [key, value] of Object.entries(request.body.milestones)) {
          if (value === undefined) continue;
          if (value === '') {
            await tx
              .deleteFrom('podcast_milestones')
              .where('podcast_id', '=', podcastId)
              .where('metric', '=', key)
              .execute();
          } else {
            await tx
              .insertInto('podcast_milestones')
              .values({ podcast_id: podcastId, metric: key, value })
              .onConflict((oc) => oc.columns(['podcast_id', 'metric']).doUpdateSet({ value }))
              .execute();
          }
        }
      });
      return { data: await loadMilestones(db, podcastId) };
    },
  );

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
