// The podcast's metrics: their history (GET) and one evaluation (POST), on the guard
// (access/guard.ts) like the podcast's other work (objective-routes.ts and its siblings).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { berlinDate } from '../../shared/calendar.ts';
import { metricsResource } from '../../shared/podcasts.ts';
import { metric, type MetricKey } from '../../shared/vocabulary.ts';
import type { AppContext } from '../context.ts';
import type { Database, Db } from '../db/database.ts';
import { loggedChange } from '../db/logged-change.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { requireUser } from '../access/session.ts';
import { HttpError, invalid } from '../http/errors.ts';
import { logChanged } from '../experiments/event-queries.ts';
import { evaluationSchema, experimentMessages } from '../../shared/experiments.ts';
import { messages as guardMessages, requirePodcast } from '../access/guard.ts';

/** What the log entry of a metrics evaluation says. */
const metricEntry = { trackable: 'experiment_metric', type: 'created' } as const;

const metricRows = preparedQuery((db: Db, podcastId: number) =>
  db
    .selectFrom('podcast_metrics')
    .select(['metric', 'value', 'recorded_on', 'created_at', 'source', 'measure'])
    .where('podcast_id', '=', podcastId)
    // By the day a value is for: a source's monthly values are written after the fact
    // (audience/source-metrics.ts, Entscheidung AUD-11); a typed value's day is the day it was typed.
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
    const measure = r.measure === 'followers' || r.measure === 'downloads_per_week' ? r.measure : null;
    values
      .get(r.metric)
      ?.push({ date: r.recorded_on, value: r.value, created_at: r.created_at, source, measure });
  }
  return metric.keys.map((key) => ({ key, trans: metric.labels[key], values: values.get(key)! }));
}
type MetricValue = {
  date: string;
  value: number;
  created_at: string;
  source: 'op3' | 'upload' | null;
  measure: 'followers' | 'downloads_per_week' | null;
};

type MetricRow = {
  podcast_id: number;
  metric: MetricKey;
  value: number;
  recorded_on: string;
  created_at: string;
  user_id: number;
  experiment_id: number | null;
  evaluation: 'interim' | 'final' | null;
};
type EvaluationEntry = Parameters<typeof logChanged>[1];

// An evaluation's values with the experiment's one log entry (db/logged-change.ts; on PostgreSQL one
// statement). Built at each call: the number of values varies.
const loggedEvaluation = loggedChange<[rows: MetricRow[], entry: EvaluationEntry], { id: number }>({
  prepared: false,
  change: (qc, rows) => qc.insertInto('podcast_metrics').values(rows).returning('id'),
  log: (qc, _rows, entry) => logChanged(qc, entry, true),
});

/**
 * One evaluation's values, with the experiment's log entry when it names one, in one unit of work
 * (Entscheidung POD-3). Answers `answer`.
 */
function addEvaluation<T>(db: Database, rows: MetricRow[], entry: EvaluationEntry | undefined, answer: T) {
  return db.write(async (tx) => {
    if (entry) await loggedEvaluation(tx, rows, entry);
    else await tx.insertInto('podcast_metrics').values(rows).execute();
    return answer;
  });
}

export function podcastMetricRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = idParam;
  const read = { podcast: { action: 'podcast.read' as const } };
  api.get(
    '/api/podcasts/:id/metrics',
    { schema: { params, response: { 200: metricsResource } }, config: read },
    async (request) => ({ data: await readMetrics(db, requirePodcast(request).podcast.id) }),
  );
  // One evaluation: each value sent joins its metric's history, dated today (Berlin). From the
  // evaluation dialog of an experiment (Pro) it names the experiment and its kind, and the
  // experiment's activity log gets an entry in the same transaction. The answer is what this
  // evaluation added (the metrics it has a value for, each with that one value), in the GET's
  // shape, so the client appends it to the history it holds (Entscheidung POD-2: an evaluation
  // costs the same however long the history).
  api.post(
    '/api/podcasts/:id/metrics',
    {
      schema: { params, body: evaluationSchema, response: { 201: metricsResource } },
      config: { podcast: { action: 'metrics.create' }, answerWithWrite: true },
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
        values: [{ date: r.recorded_on, value: r.value, created_at: at, source: null, measure: null }],
      }));
      reply.status(201);
      const entry =
        experiment_id === undefined
          ? undefined
          : { podcastId, experimentId: experiment_id, ...metricEntry, userId: user.id, at };
      return addEvaluation(request.db, rows, entry, { data: added });
    },
  );
}
