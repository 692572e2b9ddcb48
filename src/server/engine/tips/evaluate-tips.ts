// Running the rules: on the events that cause tips (a debounced job after a podcast's writes,
// tip-job.ts) and in a periodic
// sweep that one process at a time runs (a lease, jobs/lease.ts). Each tip is one insert that does
// nothing when the podcast has a tip of that cause already (unique index), so the sweep, an event
// and a second process can all evaluate at once and the tip still exists once.
import type { FastifyBaseLogger, FastifyInstance, onResponseHookHandler } from 'fastify';
import type { AppContext } from '../../context.ts';
import { databaseFault } from '../../db/faults.ts';
import { startPeriodicJob, type PeriodicJob } from '../../jobs/lease.ts';
import { queueTipPush } from '../../push/push-queue.ts';
import { refreshScores } from '../../practices/recommend.ts';
import { rephrase } from './rephrase.ts';
import { tipsFor } from './rules.ts';
import { tipJob } from './tip-job.ts';
import { loadTipState } from './tip-state.ts';
import { duePodcasts, nextDueAt, saveDue } from './tip-schedule.ts';

/** `push`, when given, is told at once about new tips to push; without it its next tick finds them. */
export type TipContext = Pick<AppContext, 'db' | 'clock' | 'config'> & Partial<Pick<AppContext, 'push'>>;

/**
 * Gives the podcast the tips its state calls for and that it does not have yet; returns the new
 * ones. Basic podcasts get none (tips are Pro); a deleted podcast none either.
 */
export async function evaluateTips(ctx: TipContext, podcastId: number) {
  const now = ctx.clock.now();
  const evaluatedAt = Date.now();
  // The evidence may have changed with the write (a Feed-Check, an evaluation): the scores follow
  // before the rules read them (a no-op when the engine's inputs are unchanged: their fingerprint).
  await refreshScores(ctx.db, podcastId, now);
  const state = await loadTipState(ctx.db, podcastId, now);
  if (!state) return [];
  // Due again when time alone may make a tip (a Basic podcast: at the recheck; a plan turns Pro by
  // a write). Stored after the tips: a run that fails on the way leaves its podcast due.
  const dueAt = nextDueAt(state.plan.active ? state : null, podcastId, now);
  if (!state.plan.active) {
    await saveDue(ctx.db, podcastId, dueAt, evaluatedAt);
    return [];
  }
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
  await saveDue(ctx.db, podcastId, dueAt, evaluatedAt);
  if (created.length > 0) ctx.push?.kick();
  return created;
}

/** Podcasts read per query of the sweep. */
const SWEEP_BATCH = 200;
const RETRY_MS = 3_600_000;

/**
 * Evaluates the podcasts that are due (tip-schedule.ts), earliest first, until none is; each
 * evaluation moves its podcast's due time past now. Returns the number of new tips. `budgetMs`
 * (wall clock): a run stops after it and leaves the rest due for the next run, so one sweep
 * (all podcasts due at once after migration 0028) never outlasts its lease.
 */
export async function sweepTips(ctx: TipContext, log?: FastifyBaseLogger, budgetMs = Infinity) {
  const now = ctx.clock.now();
  const began = Date.now();
  const seen = new Set<number>();
  let created = 0;
  while (Date.now() - began < budgetMs) {
    const due = (await duePodcasts(ctx.db, now, SWEEP_BATCH)).filter((id) => !seen.has(id));
    if (due.length === 0) return created;
    for (const id of due) {
      seen.add(id);
      try {
        created += (await evaluateTips(ctx, id)).length;
      } catch (error) {
        // The database is away: the sweep stops (its job logs it) and the podcasts stay due.
        if (databaseFault(error)) throw error;
        // One podcast's failure does not stop the sweep: it is tried again in an hour.
        log?.warn({ err: error, podcastId: id }, 'tip evaluation failed');
        await saveDue(ctx.db, id, now.getTime() + RETRY_MS, Date.now()).catch(() => {});
      }
    }
  }
  return created;
}

/**
 * Writes that change no row a rule reads (a step ticked, 'Alles erledigt', a comment): their
 * podcast is not evaluated after them (Entscheidung TIPS-3). `tests/server/assistances/tip-inputs.test.ts`
 * runs them and an evaluation and fails when a table one writes is one the evaluation reads.
 */
export const NOT_TIP_INPUTS = new Set([
  'POST /api/experiments/actions/:id',
  'POST /api/experiments/:id/actions',
  'POST /api/experiments/:id/comments',
]);

/**
 * After every successful write to a podcast (a route with the podcast guard, or one that named the
 * podcast with evaluateTipsAfter, access/written-podcast.ts) its rules run in a debounced job (tip-job.ts), outside the
 * request. The sweep runs every `tips.sweepIntervalMs` in the process that holds its lease.
 * Returns the sweep, to stop on close; its `runOnce` and `stop` first run the evaluations pending.
 */
export function registerTips(app: FastifyInstance, ctx: TipContext): PeriodicJob {
  app.decorateRequest('tipsPodcastId', null);
  const job = tipJob((podcastId) => evaluateTips(ctx, podcastId), app.log, ctx.config.tips.debounceMs);
  const scheduleTips: onResponseHookHandler = (request, reply, done) => {
    const podcastId = request.tipsPodcastId ?? request.podcastAccess?.podcast.id;
    if (reply.statusCode < 400 && podcastId !== undefined && podcastId !== null) job.schedule(podcastId);
    done();
  };
  // Only the routes that write run the hook, so reads pay no hook step for it.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    if (methods.every((m) => NOT_TIP_INPUTS.has(`${m} ${route.url}`))) return;
    const own = route.onResponse;
    route.onResponse = [...(own === undefined ? [] : [own].flat()), scheduleTips];
  });
  const sweep = startPeriodicJob(ctx, app.log, 'tip-sweep', ctx.config.tips.sweepIntervalMs, async () => {
    await sweepTips(ctx, app.log, ctx.config.tips.sweepIntervalMs);
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
