// An experiment's action steps (§2 experiments.actions.*): one step set or flipped, or all done.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { actionResource, actionToggleSchema, experimentResource } from '../../shared/experiments.ts';
import type { AppContext } from '../context.ts';
import { withTx } from '../db/database.ts';
import { experimentRule, guardedExperiment } from './experiment-access.ts';
import { showExperiment } from './experiment-queries.ts';
import { recordEvent } from './event-queries.ts';
import { completeAll, serializeAction, setStep, stepRow } from './step-queries.ts';

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
      await withTx(db, (tx) => completeAll(tx, { podcastId, experimentId, userId: user.id, at }));
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
      const at = clock.now().toISOString();
      const row = await withTx(db, async (tx) => {
        const changed = await setStep(tx, stepId, request.body.completed, user.id, at);
        if (changed) {
          await recordEvent(tx, {
            podcastId,
            experimentId,
            trackable: 'experiment_action',
            trackableId: stepId,
            type: 'updated',
            userId: user.id,
            at,
          });
        }
        return changed ?? (await stepRow(tx, stepId));
      });
      return { data: serializeAction(row) };
    },
  );
}
