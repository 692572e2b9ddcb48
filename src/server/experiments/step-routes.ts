// An experiment's action steps (§2 experiments.actions.*): one step set or flipped, or all done.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { actionResource, actionToggleSchema, experimentResource } from '../../shared/experiments.ts';
import type { AppContext } from '../context.ts';
import { experimentRule, guardedExperiment } from './experiment-access.ts';
import { showExperiment } from './experiment-queries.ts';
import { changeStep, completeAll, serializeAction } from './step-queries.ts';

export async function stepRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // 'Alles erledigt': every open step done, one log entry per step that changed.
  api.post(
    '/api/experiments/:id/actions',
    {
      schema: { params: idParam, response: { 200: experimentResource } },
      config: experimentRule('experiments.update'),
    },
    async (request) => {
      const { experimentId, podcastId, user } = guardedExperiment(request);
      const at = clock.now().toISOString();
      await completeAll(db, { podcastId, experimentId, userId: user.id, at });
      return { data: await showExperiment(db, clock.now(), experimentId) };
    },
  );

  // One step: `completed` sets it (a replay changes nothing); without it the step flips.
  api.post(
    '/api/experiments/actions/:id',
    {
      schema: { params: idParam, body: actionToggleSchema, response: { 200: actionResource } },
      config: experimentRule('experiments.update', 'action'),
    },
    async (request) => {
      const { experimentId, podcastId, user } = guardedExperiment(request);
      const stepId = request.params.id;
      const step = { podcastId, experimentId, stepId, userId: user.id, at: clock.now().toISOString() };
      const row = await changeStep(db, step, request.body.completed);
      return { data: serializeAction(row) };
    },
  );
}
