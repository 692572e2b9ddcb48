// An experiment's comments (§2 experiments.comments.*): any member reads, editors and up write.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, olderQuery } from '../../shared/api.ts';
import { commentFormSchema, commentResource, commentsResponse } from '../../shared/experiments.ts';
import type { AppContext } from '../context.ts';
import { answerWithin, JSON_TYPE } from '../pipeline/idempotency-answer.ts';
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

  api.post(
    '/api/experiments/:id/comments',
    {
      schema: { params: idParam, body: commentFormSchema, response: { 201: commentResource } },
      config: experimentRule('experiments.comment'),
    },
    async (request, reply) => {
      const { experimentId, user } = guardedExperiment(request);
      const now = clock.now();
      reply.status(201);
      // SQLite: the key's answer is stored in the comment's transaction (one commit for all of it).
      const store = answerWithin(request, reply, now.getTime());
      let stored: string | undefined;
      const comment = await addComment(
        db,
        experimentId,
        user.id,
        request.body.content,
        now.toISOString(),
        store && ((run, comment) => (stored = store(db, run, { data: comment }))),
      );
      if (stored !== undefined) return reply.type(JSON_TYPE).send(stored as never);
      return reply.send({ data: comment });
    },
  );
}
