// The podcast's own work: goals (objective), stage, strategy, milestones, the metrics history
// and settings. Every route stands on the guard (access/guard.ts) with its action from src/shared/roles.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { berlinDate } from '../../shared/calendar.ts';
import {
  metricsResource,
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
import { preparedQuery, preparedWrite } from '../db/prepared-query.ts';
import { answerWithin, JSON_TYPE } from '../http/idempotency-answer.ts';
import { requireUser } from '../access/session.ts';
import { refreshScores } from '../practices/recommend.ts';
import { HttpError, invalid } from '../http/errors.ts';
import { logChanged, recordEventSync } from '../experiments/event-queries.ts';
import { evaluationSchema, experimentMessages } from '../../shared/experiments.ts';
import { messages as guardMessages, requirePodcast } from '../access/guard.ts';
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

// Built once (prepared-query.ts): the POST answers it too, so it runs on every evaluation.
/** What the log entry of a metrics evaluation says. */
const metricEntry = { trackable: 'experiment_metric', type: 'created' } as const;

// One value of an evaluation (SQLite, inside writeSync): an evaluation of n values runs it n times.
const insertMetric = preparedWrite(
  (
    db: Db,
    podcast_id: number,
    metric: MetricKey,
    value: number,
    recorded_on: string,
    created_at: string,
    user_id: number,
    experiment_id: number | null,
    evaluation: 'interim' | 'final' | null,
  ) =>
    db
      .insertInto('podcast_metrics')
      .values({ podcast_id, metric, value, recorded_on, created_at, user_id, experiment_id, evaluation })
      .returning('id'),
);

const metricRows = preparedQuery((db: Db, podcastId: number) =>
  db
    .selectFrom('podcast_metrics')
    .select(['metric', 'value', 'recorded_on', 'created_at', 'source'])
    .where('podcast_id', '=', podcastId)
    // By the day a value is for: a source's monthly values are written after the fact
    // (audience/source-metrics.ts, 2026-12-01); a typed value's day is the day it was typed.
    .orderBy('recorded_on')
    .orderBy('created_at')
    .orderBy('id'),
);

/** Each metric with its recorded values, oldest first (the order the chart draws them). */
async function readMetrics(db: Db, podcastId: number) {
  const values = new Map(metric.keys.map((key) => [key as string, [] as MetricValue[]]));
  // One pass over the rows (the history of every metric), not one per metric.
  for (const r of await metricRows(db, podcastId)) {
    const source = r.source === 'op3' || r.source === 'upload' ? r.source : null;
    values.get(r.metric)?.push({ date: r.recorded_on, value: r.value, created_at: r.created_at, source });
  }
  return metric.keys.map((key) => ({ key, trans: metric.labels[key], values: values.get(key)! }));
}
type MetricValue = { date: string; value: number; created_at: string; source: 'op3' | 'upload' | null };

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
    '/api/podcasts/:id/metrics',
    { schema: { params, response: { 200: metricsResource } }, config: read },
    async (request) => ({ data: await readMetrics(db, requirePodcast(request).podcast.id) }),
  );
  // One evaluation: each value sent joins its metric's history, dated today (Berlin). From the
  // evaluation dialog of an experiment (Pro) it names the experiment and its kind, and the
  // experiment's activity log gets an entry in the same transaction. The answer is what this
  // evaluation added (the metrics it has a value for, each with that one value), in the GET's
  // shape, so the client appends it to the history it holds. Decision 2026-11-26 (issue 25): it
  // answered the whole history, re-read after every write, so each evaluation cost more than the
  // one before (4 ms at 2,000 values on SQLite, 3 ms more to store it as the key's answer).
  api.post(
    '/api/podcasts/:id/metrics',
    {
      schema: { params, body: evaluationSchema, response: { 201: metricsResource } },
      config: { podcast: { action: 'metrics.create' } },
    },
    async (request, reply) => {
      const access = requirePodcast(request);
      const podcastId = access.podcast.id;
      const user = requireUser(request);
      const { experiment_id, evaluation, ...values } = request.body;
      if (experiment_id !== undefined) {
        if (!access.plan.active) throw new HttpError(403, guardMessages.pro);
        const experiment = await db
          .selectFrom('experiments')
          .select('id')
          .where('id', '=', experiment_id)
          .where('podcast_id', '=', podcastId)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (!experiment) throw invalid({ experiment_id: [experimentMessages.notFound] });
      }
      const now = clock.now();
      const at = now.toISOString();
      const sent = values as Partial<Record<MetricKey, number>>;
      const rows = metric.keys
        .filter((key) => sent[key] !== undefined)
        .map((key) => ({
          podcast_id: podcastId,
          metric: key,
          value: sent[key]!,
          recorded_on: berlinDate(now),
          created_at: at,
          user_id: user.id,
          experiment_id: experiment_id ?? null,
          evaluation: evaluation ?? null,
        }));
      const added = rows.map((r) => ({
        key: r.metric,
        trans: metric.labels[r.metric],
        values: [{ date: r.recorded_on, value: r.value, created_at: at, source: null }],
      }));
      reply.status(201);
      if (db.writeSync) {
        // SQLite: the values, the log entry and the idempotency key's answer in one synchronous
        // transaction (database.ts writeSync), one commit. Decision 2026-11-26 (issue 25).
        const store = answerWithin(request, reply, now.getTime());
        let stored: string | undefined;
        await db.writeSync((run) => {
          const ids = rows.map(
            (r) =>
              insertMetric.sync(
                db,
                run,
                r.podcast_id,
                r.metric,
                r.value,
                r.recorded_on,
                r.created_at,
                r.user_id,
                r.experiment_id,
                r.evaluation,
              )[0]!.id,
          );
          if (experiment_id !== undefined) {
            const entry = { podcastId, experimentId: experiment_id, ...metricEntry, userId: user.id, at };
            recordEventSync(db, run, { ...entry, trackableId: Math.min(...ids) });
          }
          if (store) stored = store(db, run, { data: added });
        });
        if (stored !== undefined) return reply.type(JSON_TYPE).send(stored as never);
      } else if (experiment_id === undefined) {
        // PostgreSQL: one statement, so one round trip (issue 25, 2026-11-26): without an
        // experiment the insert alone (atomic by itself); with one, the insert and its log entry
        // in one data-modifying WITH.
        await db.insertInto('podcast_metrics').values(rows).execute();
      } else {
        const inserting = db.with('changed', (qc) =>
          qc.insertInto('podcast_metrics').values(rows).returning('id'),
        );
        const entry = { podcastId, experimentId: experiment_id, ...metricEntry, userId: user.id, at };
        await logChanged(inserting, entry, true).execute();
      }
      return reply.send({ data: added });
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
      return { data: { key, value } };
    },
  );
}
