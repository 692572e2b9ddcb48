// Running the rules: on the events that cause tips (a debounced job after a podcast's writes,
// tip-job.ts) and in a periodic
// sweep that one process at a time runs (a lease, jobs/lease.ts). Each tip is one insert that does
// nothing when the podcast has a tip of that cause already (unique index), so the sweep, an event
// and a second process can all evaluate at once and the tip still exists once.
import type { FastifyInstance, FastifyRequest, onResponseHookHandler } from 'fastify';
import type { AppContext } from '../../context.ts';
import { startPeriodicJob, type PeriodicJob } from '../../jobs/lease.ts';
import { queueTipPush } from '../../push/push-queue.ts';
import { refreshScores } from '../../practices/recommend.ts';
import { rephrase } from './rephrase.ts';
import { tipsFor } from './rules.ts';
import { tipJob } from './tip-job.ts';
import { loadTipState } from './tip-state.ts';

/** `push`, when given, is told at once about new tips to push; without it its next tick finds them. */
export type TipContext = Pick<AppContext, 'db' | 'clock' | 'config'> & Partial<Pick<AppContext, 'push'>>;

declare module 'fastify' {
  interface FastifyRequest {
    /** A podcast whose tips to evaluate once the answer is sent (routes without the guard set it). */
    tipsPodcastId: number | null;
  }
}

/**
 * Gives the podcast the tips its state calls for and that it does not have yet; returns the new
 * ones. Basic podcasts get none (tips are Pro); a deleted podcast none either.
 */
export async function evaluateTips(ctx: TipContext, podcastId: number) {
  const now = ctx.clock.now();
  // The evidence may have changed with the write (a Feed-Check, an evaluation): the scores follow
  // before the rules read them (a no-op when the engine's inputs are unchanged: their fingerprint).
  await refreshScores(ctx.db, podcastId, now);
  const state = await loadTipState(ctx.db, podcastId, now);
  if (!state || !state.plan.active) return [];
  const had = new Set(
    (
      await ctx.db.selectFrom('assistances').select('cause').where('podcast_id', '=', podcastId).execute()
    ).map((t) => t.cause),
  );
  const created: { id: number; cause: string }[] = [];
  for (const tip of tipsFor(state)) {
    if (had.has(tip.cause)) continue;
    const message = await rephrase(ctx.config, tip);
    const row = await ctx.db
      .insertInto('assistances')
      .values({ podcast_id: podcastId, ...tip, message, created_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['podcast_id', 'cause']).doNothing())
      .returning('id')
      .executeTakeFirst();
    // Not one transaction with the tip: on SQLite a transaction held across an await blocks a
    // second connection of the same process. A process dying in between loses only the push.
    if (row) await queueTipPush(ctx.db, row.id, now);
    if (row) created.push({ id: row.id, cause: tip.cause });
  }
  if (created.length > 0) ctx.push?.kick();
  return created;
}

/** Evaluates every podcast that can have tips (trial, lifetime; Basic podcasts are skipped inside). */
export async function sweepTips(ctx: TipContext) {
  const podcasts = await ctx.db.selectFrom('podcasts').select('id').orderBy('id').execute();
  let created = 0;
  for (const { id } of podcasts) created += (await evaluateTips(ctx, id)).length;
  return created;
}

/** Asks for the tips of `podcastId` after the answer of this request (a route that wrote to it). */
export const evaluateTipsAfter = (request: FastifyRequest, podcastId: number) =>
  void (request.tipsPodcastId = podcastId);

/**
 * After every successful write to a podcast (a route with the podcast guard, or one that named the
 * podcast with evaluateTipsAfter) its rules run in a debounced job (tip-job.ts), outside the
 * request. The sweep runs every `tips.sweepIntervalMs` in the process that holds its lease.
 * Returns the sweep, to stop on close; its `runOnce` and `stop` first run the evaluations pending.
 */
export function registerTips(app: FastifyInstance, ctx: TipContext): PeriodicJob {
  app.decorateRequest('tipsPodcastId', null);
  const job = tipJob((podcastId) => evaluateTips(ctx, podcastId), app.log, ctx.config.tips.debounceMs);
  const afterWrite: onResponseHookHandler = (request, reply, done) => {
    const podcastId = request.tipsPodcastId ?? request.podcastAccess?.podcast.id;
    if (reply.statusCode < 400 && podcastId !== undefined && podcastId !== null) job.schedule(podcastId);
    done();
  };
  // Only the routes that write run the hook, so reads pay no hook step for it.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    const own = route.onResponse;
    route.onResponse = [...(own === undefined ? [] : [own].flat()), afterWrite];
  });
  const sweep = startPeriodicJob(ctx, app.log, 'tip-sweep', ctx.config.tips.sweepIntervalMs, async () => {
    await sweepTips(ctx);
  });
  return {
    async runOnce() {
      await job.drain();
      return sweep.runOnce();
    },
    async stop() {
      await job.drain();
      await sweep.stop();
    },
  };
}
