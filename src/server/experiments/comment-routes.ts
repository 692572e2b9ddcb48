// An experiment's comments (§2 experiments.comments.*): any member reads, editors and up write.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, olderQuery } from '../../shared/api.ts';
import { commentFormSchema, commentResource, commentsResponse } from '../../shared/experiments.ts';
import type { AppContext } from '../context.ts';
import { experimentRule, guardedExperiment } from './experiment-access.ts';
import { addComment, loadComments } from './comment-queries.ts';

export async function commentRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/experiments/:id/comments',
    {
      schema: { params: idParam, querystring: olderQuery, response: { 200: commentsResponse } },
      config: { ...experimentRule('experiments.read'), answerCache: true },
    },
    async (request) => loadComments(db, guardedExperiment(request).experimentId, request.query.before),
  );

  // Answered with what its one unit of work returns (db/database.ts `write`), stored with it as the key's answer.
  api.post(
    '/api/experiments/:id/comments',
    {
      schema: { params: idParam, body: commentFormSchema, response: { 201: commentResource } },
      config: { ...experimentRule('experiments.comment'), answerWithWrite: true },
    },
    async (request, reply) => {
      const { experimentId, user } = guardedExperiment(request);
      reply.status(201);
      return addComment(request.db, experimentId, user.id, request.body.content, clock.now().toISOString());
    },
  );
}
