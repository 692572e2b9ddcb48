// The request pipeline's hooks, registered in one place so their order is the one of the table in
// README.md ("The request's hooks, in order"): the access step after the answer cache's start mark
// (onRequest), the key's claim after body parsing (preValidation), the stored and kept answers
// before the send hook compresses (onSend; app.ts registers the send hook after this).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { ChangeWatch } from '../db/change-watch.ts';
import { createAccessStep } from './access-hook.ts';
import { registerAnswerCache } from './answer-cache.ts';
import { registerIdempotency } from './idempotency.ts';
import { registerUnitOfWork } from './unit-of-work.ts';

/** Registers the pipeline; returns the hourly clean-up of expired keys, to be stopped on close. */
export function registerPipeline(app: FastifyInstance, ctx: AppContext, changes: ChangeWatch | undefined) {
  registerUnitOfWork(app, ctx);
  const access = createAccessStep(app, ctx);
  const idempotencyCleanup = registerIdempotency(app, ctx, access);
  registerAnswerCache(app, ctx, changes);
  app.addHook('onRequest', access.hook);
  return { idempotencyCleanup };
}
