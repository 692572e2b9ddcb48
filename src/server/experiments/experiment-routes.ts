// Experiments (issue 9; §2 experiments.*, §3, §4, §7): started from a method, with the method's
// action steps copied in, comments and an activity log. Pro only (the guard's `plan: 'pro'`):
// observers read, editors and up write (src/shared/roles.ts). Every change and its event are
// written in one transaction; a request that changes nothing records nothing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { berlinDate } from '../../shared/calendar.ts';
import {
  actionResource,
  actionToggleSchema,
  commentFormSchema,
  commentResource,
  commentsResponse,
  eventsResponse,
  evaluationKind,
  experimentCreateSchema,
  experimentListQuery,
  experimentMessages,
  experimentResource,
  experimentsResponse,
  experimentUpdateSchema,
  type Comment,
  type ExperimentEvent,
} from '../../shared/experiments.ts';
import type { PodcastAction } from '../../shared/roles.ts';
import type { AppContext } from '../context.ts';
import { withTx, type Db } from '../db/database.ts';
import { requireUser } from '../auth/session.ts';
import { invalid, notFound } from '../http/errors.ts';
import { requirePodcast } from '../podcasts/guard.ts';
import { imageUri } from '../users/serialize-user.ts';
import { loadExperiments, recordEvent, serializeAction, setStep, stepRow } from './experiment-queries.ts';

async function loadComments(db: Db, experimentId: number, commentId?: number): Promise<Comment[]> {
  let query = db
    .selectFrom('comments as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('images as i', 'i.id', 'u.image_id')
    .select(['c.id', 'c.content', 'c.created_at', 'u.name', 'i.key as image_key'])
    .where('c.experiment_id', '=', experimentId);
  if (commentId !== undefined) query = query.where('c.id', '=', commentId);
  const rows = await query.orderBy('c.created_at').orderBy('c.id').execute();
  return rows.map((c) => ({
    id: c.id,
    content: c.content,
    created_at: c.created_at,
    user: { name: c.name ?? null, image: imageUri(c.image_key) },
  }));
}

/** The timeline, newest first, each entry with what it is about. */
async function loadEvents(db: Db, experimentId: number): Promise<ExperimentEvent[]> {
  const rows = await db
    .selectFrom('events as ev')
    .leftJoin('users as u', 'u.id', 'ev.user_id')
    .leftJoin('experiments as e', (j) =>
      j.onRef('e.id', '=', 'ev.trackable_id').on('ev.trackable_type', '=', 'experiment'),
    )
    .leftJoin('experiment_actions as a', (j) =>
      j.onRef('a.id', '=', 'ev.trackable_id').on('ev.trackable_type', '=', 'experiment_action'),
    )
    .select([
      'ev.id',
      'ev.trackable_type',
      'ev.trackable_id',
      'ev.event_type',
      'ev.created_at',
      'u.id as user_id',
      'u.name as user_name',
      'e.title as experiment_title',
      'a.description as action_description',
    ])
    .where('ev.experiment_id', '=', experimentId)
    .orderBy('ev.created_at', 'desc')
    .orderBy('ev.id', 'desc')
    .execute();
  // An evaluation's kind: its rows carry it (one event per evaluation, trackable_id its first row).
  const metricIds = rows.filter((r) => r.trackable_type === 'experiment_metric' && r.trackable_id !== null);
  const kinds = new Map<number, string | null>();
  if (metricIds.length > 0) {
    const metrics = await db
      .selectFrom('podcast_metrics')
      .select(['id', 'evaluation'])
      .where(
        'id',
        'in',
        metricIds.map((r) => r.trackable_id!),
      )
      .execute();
    for (const m of metrics) kinds.set(m.id, m.evaluation);
  }
  return rows.map((r) => {
    const kind = r.trackable_id === null ? null : kinds.get(r.trackable_id);
    const subject =
      r.trackable_type === 'experiment'
        ? r.experiment_title
        : r.trackable_type === 'experiment_action'
          ? r.action_description
          : kind === 'interim' || kind === 'final'
            ? evaluationKind.labels[kind]
            : null;
    return {
      id: r.id,
      trackable_type: r.trackable_type as ExperimentEvent['trackable_type'],
      event_type: r.event_type as ExperimentEvent['event_type'],
      subject: subject ?? null,
      user:
        r.user_id === null || r.user_id === undefined ? null : { id: r.user_id, name: r.user_name ?? null },
      created_at: r.created_at,
    };
  });
}

export function experimentRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The guard's finding on an experiment route: the experiment, its podcast, the caller. */
  const guarded = (request: FastifyRequest) => {
    const access = requirePodcast(request);
    return { experimentId: access.experimentId!, podcastId: access.podcast.id, user: requireUser(request) };
  };
  const rule = (action: PodcastAction, via: 'experiment' | 'action' = 'experiment') => ({
    podcast: { via, action, plan: 'pro' as const },
  });

  async function showExperiment(experimentId: number) {
    const [experiment] = await loadExperiments(db, clock.now(), { experimentId });
    if (!experiment) throw notFound(experimentMessages.notFound);
    return experiment;
  }

  api.get(
    '/api/podcasts/:id/experiments',
    {
      schema: { params: idParam, querystring: experimentListQuery, response: { 200: experimentsResponse } },
      config: { podcast: { action: 'experiments.read', plan: 'pro' } },
    },
    async (request) => {
      const { podcast } = requirePodcast(request);
      const { state, origin } = request.query;
      const all = await loadExperiments(db, clock.now(), { podcastId: podcast.id, practiceId: origin });
      const data =
        state === 'started'
          ? all.filter((e) => !e.has_ended)
          : state === 'ended'
            ? all.filter((e) => e.has_ended)
            : all;
      return { data };
    },
  );

  api.post(
    '/api/podcasts/:id/experiments',
    {
      schema: { params: idParam, body: experimentCreateSchema, response: { 201: experimentResource } },
      config: { podcast: { action: 'experiments.create', plan: 'pro' } },
    },
    async (request, reply) => {
      const { podcast } = requirePodcast(request);
      const user = requireUser(request);
      const form = request.body;
      const now = clock.now();
      const practice = await db
        .selectFrom('practices')
        .select(['id', 'title'])
        .where('id', '=', form.practice_id)
        .executeTakeFirst();
      if (!practice) throw invalid({ practice_id: [experimentMessages.practiceMissing] });
      if (form.starts_at < berlinDate(now)) throw invalid({ starts_at: [experimentMessages.startsInPast] });
      const at = now.toISOString();
      const experimentId = await withTx(db, async (tx) => {
        const { id } = await tx
          .insertInto('experiments')
          .values({
            podcast_id: podcast.id,
            practice_id: practice.id,
            user_id: user.id,
            title: form.title ?? practice.title,
            starts_at: form.starts_at,
            ends_at: form.ends_at,
            notes: form.notes,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const steps = await tx
          .selectFrom('practice_actions')
          .select(['id', 'position', 'description', 'link_target', 'link_label'])
          .where('practice_id', '=', practice.id)
          .where('removed_at', 'is', null)
          .orderBy('position')
          .orderBy('id')
          .execute();
        if (steps.length > 0) {
          await tx
            .insertInto('experiment_actions')
            .values(
              steps.map((s, index) => ({
                experiment_id: id,
                practice_action_id: s.id,
                position: index,
                description: s.description,
                link_target: s.link_target,
                link_label: s.link_label,
              })),
            )
            .execute();
        }
        await recordEvent(tx, {
          podcastId: podcast.id,
          experimentId: id,
          trackable: 'experiment',
          trackableId: id,
          type: 'created',
          userId: user.id,
          at,
        });
        return id;
      });
      return reply.status(201).send({ data: await showExperiment(experimentId) });
    },
  );

  api.get(
    '/api/experiments/:id',
    {
      schema: { params: idParam, response: { 200: experimentResource } },
      config: rule('experiments.read'),
    },
    async (request) => {
      return { data: await showExperiment(guarded(request).experimentId) };
    },
  );

  // The form again; a start moved into the past is refused, a start kept as it was is not.
  api.put(
    '/api/experiments/:id',
    {
      schema: { params: idParam, body: experimentUpdateSchema, response: { 200: experimentResource } },
      config: rule('experiments.update'),
    },
    async (request) => {
      const { experimentId, podcastId, user } = guarded(request);
      const experiment = await db
        .selectFrom('experiments')
        .select(['id', 'title', 'starts_at', 'ends_at', 'notes'])
        .where('id', '=', experimentId)
        .executeTakeFirstOrThrow();
      const form = request.body;
      const now = clock.now();
      if (form.starts_at !== experiment.starts_at && form.starts_at < berlinDate(now)) {
        throw invalid({ starts_at: [experimentMessages.startsInPast] });
      }
      const practice = await db
        .selectFrom('experiments')
        .innerJoin('practices', 'practices.id', 'experiments.practice_id')
        .select('practices.title')
        .where('experiments.id', '=', experiment.id)
        .executeTakeFirstOrThrow();
      const next = {
        title: form.title ?? practice.title,
        starts_at: form.starts_at,
        ends_at: form.ends_at,
        notes: form.notes,
      };
      const changed = (Object.keys(next) as (keyof typeof next)[]).some((k) => next[k] !== experiment[k]);
      if (changed) {
        const at = now.toISOString();
        await withTx(db, async (tx) => {
          await tx
            .updateTable('experiments')
            .set({ ...next, updated_at: at })
            .where('id', '=', experiment.id)
            .execute();
          await recordEvent(tx, {
            podcastId,
            experimentId: experiment.id,
            trackable: 'experiment',
            trackableId: experiment.id,
            type: 'updated',
            userId: user.id,
            at,
          });
        });
      }
      return { data: await showExperiment(experiment.id) };
    },
  );

  // Deleted experiments leave every list; their rows and log stay (the log's `deleted` entry).
  api.delete(
    '/api/experiments/:id',
    { schema: { params: idParam }, config: rule('experiments.delete') },
    async (request, reply) => {
      const { experimentId, podcastId, user } = guarded(request);
      const experiment = { id: experimentId };
      const at = clock.now().toISOString();
      await withTx(db, async (tx) => {
        const result = await tx
          .updateTable('experiments')
          .set({ deleted_at: at, updated_at: at })
          .where('id', '=', experiment.id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return;
        await recordEvent(tx, {
          podcastId,
          experimentId: experiment.id,
          trackable: 'experiment',
          trackableId: experiment.id,
          type: 'deleted',
          userId: user.id,
          at,
        });
      });
      return reply.status(204).send();
    },
  );

  // 'Alles erledigt': every open step done, one log entry per step that changed.
  api.post(
    '/api/experiments/:id/actions',
    {
      schema: { params: idParam, response: { 200: experimentResource } },
      config: rule('experiments.update'),
    },
    async (request) => {
      const { experimentId, podcastId, user } = guarded(request);
      const experiment = { id: experimentId };
      const at = clock.now().toISOString();
      await withTx(db, async (tx) => {
        const done = await tx
          .updateTable('experiment_actions')
          .set({ completed_at: at, completed_by: user.id })
          .where('experiment_id', '=', experiment.id)
          .where('completed_at', 'is', null)
          .returning('id')
          .execute();
        for (const { id } of done) {
          await recordEvent(tx, {
            podcastId,
            experimentId: experiment.id,
            trackable: 'experiment_action',
            trackableId: id,
            type: 'updated',
            userId: user.id,
            at,
          });
        }
      });
      return { data: await showExperiment(experiment.id) };
    },
  );

  // One step: `completed` sets it (a replay changes nothing); without it the step flips.
  api.post(
    '/api/experiments/actions/:id',
    {
      schema: { params: idParam, body: actionToggleSchema, response: { 200: actionResource } },
      config: rule('experiments.update', 'action'),
    },
    async (request) => {
      const { experimentId, podcastId, user } = guarded(request);
      const experiment = { id: experimentId };
      const step = { id: request.params.id, experiment_id: experiment.id };
      const at = clock.now().toISOString();
      const row = await withTx(db, async (tx) => {
        const flipped = await setStep(tx, step.id, request.body.completed, user.id, at);
        if (flipped) {
          await recordEvent(tx, {
            podcastId,
            experimentId: step.experiment_id,
            trackable: 'experiment_action',
            trackableId: step.id,
            type: 'updated',
            userId: user.id,
            at,
          });
        }
        return flipped ?? (await stepRow(tx, step.id));
      });
      return { data: serializeAction(row) };
    },
  );

  api.get(
    '/api/experiments/:id/events',
    {
      schema: { params: idParam, response: { 200: eventsResponse } },
      config: rule('experiments.read'),
    },
    async (request) => {
      const experiment = { id: guarded(request).experimentId };
      return { data: await loadEvents(db, experiment.id) };
    },
  );

  api.get(
    '/api/experiments/:id/comments',
    {
      schema: { params: idParam, response: { 200: commentsResponse } },
      config: rule('experiments.read'),
    },
    async (request) => {
      const experiment = { id: guarded(request).experimentId };
      return { data: await loadComments(db, experiment.id) };
    },
  );

  api.post(
    '/api/experiments/:id/comments',
    {
      schema: { params: idParam, body: commentFormSchema, response: { 201: commentResource } },
      config: rule('experiments.comment'),
    },
    async (request, reply) => {
      const { experimentId, user } = guarded(request);
      const experiment = { id: experimentId };
      const { id } = await db
        .insertInto('comments')
        .values({
          experiment_id: experiment.id,
          user_id: user.id,
          content: request.body.content,
          created_at: clock.now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const [comment] = await loadComments(db, experiment.id, id);
      return reply.status(201).send({ data: comment! });
    },
  );
}
