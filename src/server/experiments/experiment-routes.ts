// Experiments (§2 experiments.*, §3, §4, §7): started from a method, with the method's
// action steps copied in (steps, comments and the activity log have routes of their own beside
// this file). Every change and its event are written in one transaction; a request that changes
// nothing records nothing.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { berlinDate } from '../../shared/calendar.ts';
import {
  experimentCreateSchema,
  experimentListQuery,
  experimentMessages,
  experimentResource,
  experimentsResponse,
  experimentUpdateSchema,
} from '../../shared/experiments.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../access/session.ts';
import { invalid } from '../http/errors.ts';
import { requirePodcast } from '../access/guard.ts';
import { experimentRule, guardedExperiment } from './experiment-access.ts';
import { loadExperiments, showExperiment } from './experiment-queries.ts';
import {
  createExperiment,
  deleteExperiment,
  editable,
  updateExperiment,
} from './experiment-write-queries.ts';

export async function experimentRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/podcasts/:id/experiments',
    {
      schema: { params: idParam, querystring: experimentListQuery, response: { 200: experimentsResponse } },
      config: { podcast: { action: 'experiments.read', plan: 'pro' }, answerCache: true },
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
      const form = request.body;
      const now = clock.now();
      const practice = await db
        .selectFrom('practices')
        .select(['id', 'title'])
        .where('id', '=', form.practice_id)
        .executeTakeFirst();
      if (!practice) throw invalid({ practice_id: [experimentMessages.practiceMissing] });
      if (form.starts_at < berlinDate(now)) throw invalid({ starts_at: [experimentMessages.startsInPast] });
      const by = { podcastId: podcast.id, userId: requireUser(request).id, at: now.toISOString() };
      const experimentId = await createExperiment(db, by, practice, form);
      return reply.status(201).send({ data: await showExperiment(db, now, experimentId) });
    },
  );

  api.get(
    '/api/experiments/:id',
    {
      schema: { params: idParam, response: { 200: experimentResource } },
      config: { ...experimentRule('experiments.read'), answerCache: true },
    },
    async (request) => ({
      data: await showExperiment(db, clock.now(), guardedExperiment(request).experimentId),
    }),
  );

  // The form again; a start moved into the past is refused, a start kept as it was is not.
  api.put(
    '/api/experiments/:id',
    {
      schema: { params: idParam, body: experimentUpdateSchema, response: { 200: experimentResource } },
      config: experimentRule('experiments.update'),
    },
    async (request) => {
      const { experimentId, podcastId, user } = guardedExperiment(request);
      const form = request.body;
      const now = clock.now();
      const stored = await editable(experimentId, db);
      if (form.starts_at !== stored.starts_at && form.starts_at < berlinDate(now)) {
        throw invalid({ starts_at: [experimentMessages.startsInPast] });
      }
      const by = { podcastId, experimentId, userId: user.id, at: now.toISOString() };
      await updateExperiment(db, by, form, stored);
      return { data: await showExperiment(db, now, experimentId) };
    },
  );

  // Deleted experiments leave every list; their rows and log stay (the log's `deleted` entry).
  api.delete(
    '/api/experiments/:id',
    { schema: { params: idParam }, config: experimentRule('experiments.delete') },
    async (request, reply) => {
      const { experimentId, podcastId, user } = guardedExperiment(request);
      await deleteExperiment(db, { podcastId, experimentId, userId: user.id, at: clock.now().toISOString() });
      return reply.status(204).send();
    },
  );
}
