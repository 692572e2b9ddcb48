// An experiment's action steps (§2 experiments.actions.*): one step set or flipped, or all done.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { actionResource, actionToggleSchema, experimentResource } from '../../shared/experiments.ts';
import type { AppContext } from '../context.ts';
import { answerWithin, JSON_TYPE } from '../pipeline/idempotency-answer.ts';
import { experimentRule, guardedExperiment } from './experiment-access.ts';
import { completeAllShown, showExperiment, showExperimentSync } from './experiment-queries.ts';
import { changeStep, completeAll, serializeAction } from './action-queries.ts';

export async function actionRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // 'Alles erledigt': every open step done, one log entry per step that changed.
  api.post(
    '/api/experiments/:id/actions',
    {
      schema: { params: idParam, response: { 200: experimentResource } },
      config: experimentRule('experiments.update'),
    },
    async (request, reply) => {
      const { experimentId, podcastId, user } = guardedExperiment(request);
      const now = clock.now();
      const by = { podcastId, experimentId, userId: user.id, at: now.toISOString() };
      // PostgreSQL: the change, its log and the answer's reads are one statement.
      if (db.engine === 'postgres') return { data: await completeAllShown(db, by, now) };
      // SQLite: the key's answer is stored in the steps' transaction (one commit for all of it).
      const store = answerWithin(request, reply, now.getTime());
      let stored: string | undefined;
      await completeAll(
        db,
        by,
        store &&
          ((run) => (stored = store(db, run, { data: showExperimentSync(db, run, now, experimentId) }))),
      );
      if (stored !== undefined) return reply.type(JSON_TYPE).send(stored as never);
      return { data: await showExperiment(db, now, experimentId) };
    },
  );

  // One step: `completed` sets it (a replay changes nothing); without it the step flips.
  api.post(
    '/api/experiments/actions/:id',
    {
      schema: { params: idParam, body: actionToggleSchema, response: { 200: actionResource } },
      config: experimentRule('experiments.update', 'action'),
    },
    async (request, reply) => {
      const { experimentId, podcastId, user } = guardedExperiment(request);
      const stepId = request.params.id;
      const now = clock.now();
      const step = { podcastId, experimentId, stepId, userId: user.id, at: now.toISOString() };
      // SQLite: the key's answer is stored in the step's transaction (one commit for all of it).
      const store = answerWithin(request, reply, now.getTime());
      let stored: string | undefined;
      const row = await changeStep(
        db,
        step,
        request.body.completed,
        store && ((run, row) => (stored = store(db, run, { data: serializeAction(row) }))),
      );
      if (stored !== undefined) return reply.type(JSON_TYPE).send(stored as never);
      return { data: serializeAction(row) };
    },
  );
}
