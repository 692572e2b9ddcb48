// An experiment's action steps (§2 experiments.actions.*): one step set or flipped, or all done.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { actionResource, actionToggleSchema, experimentResource } from '../../shared/experiments.ts';
import type { AppContext } from '../context.ts';
import { experimentRule, guardedExperiment } from './experiment-access.ts';
import { completeAll } from './experiment-queries.ts';
import { changeStep } from './action-queries.ts';

export async function actionRoutes(app: FastifyInstance, { clock }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // 'Alles erledigt': every open step done, one log entry per step that changed. Each write answers
  // with what its one unit of work returns (db/database.ts `write`), stored with it as the key's answer.
  api.post(
    '/api/experiments/:id/actions',
    {
      schema: { params: idParam, response: { 200: experimentResource } },
      config: { ...experimentRule('experiments.update'), answerWithWrite: true },
    },
    async (request) => {
      const { experimentId, podcastId, user } = guardedExperiment(request);
      const now = clock.now();
      const by = { podcastId, experimentId, userId: user.id, at: now.toISOString() };
      return completeAll(request.db, by, now);
    },
  );

  // One step: `completed` sets it (a replay changes nothing); without it the step flips.
  api.post(
    '/api/experiments/actions/:id',
    {
      schema: { params: idParam, body: actionToggleSchema, response: { 200: actionResource } },
      config: { ...experimentRule('experiments.update', 'action'), answerWithWrite: true },
    },
    async (request) => {
      const { experimentId, podcastId, user } = guardedExperiment(request);
      const at = clock.now().toISOString();
      const step = { podcastId, experimentId, stepId: request.params.id, userId: user.id, at };
      return changeStep(request.db, step, request.body.completed);
    },
  );
}
