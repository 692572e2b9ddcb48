// An experiment's comments (§2 experiments.comments.*): any member reads, editors and up write.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { commentFormSchema, commentResource, commentsResponse } from '../../shared/experiments.ts';
import type { AppContext } from '../context.ts';
import { experimentRule, guardedExperiment } from './experiment-access.ts';
import { addComment, loadComments } from './comment-queries.ts';

export async function commentRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/experiments/:id/comments',
    {
      schema: { params: idParam, response: { 200: commentsResponse } },
      config: experimentRule('experiments.read'),
    },
    async (request) => ({ data: await loadComments(db, guardedExperiment(request).experimentId) }),
  );

  api.post(
    '/api/experiments/:id/comments',
    {
      schema: { params: idParam, body: commentFormSchema, response: { 201: commentResource } },
      config: experimentRule('experiments.comment'),
    },
    async (request, reply) => {
      const { experimentId, user } = guardedExperiment(request);
      const at = clock.now().toISOString();
      const comment = await addComment(db, experimentId, user.id, request.body.content, at);
      return reply.status(201).send({ data: comment });
    },
  );
}
