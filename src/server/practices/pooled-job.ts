// The job behind the pooled effects (pooled-evidence.md): it measures each finished experiment
// once (its effect on the downloads, audience/baseline-effect.ts through experiments/), keeps it
// as its method's contribution, and recomputes the figures of only the methods whose
// contributions changed. A publication marks the content as changed, so every podcast's ranking
// and the rendered methods are computed again at their next read (the content version).
import type { FastifyBaseLogger } from 'fastify';
import { addDays, berlinDate } from '../../shared/calendar.ts';
import type { Database, Db } from '../db/database.ts';
import { withTx } from '../db/database.ts';
import { forgetContentVersion, touchContent } from '../db/seed/seed.ts';
import { startPeriodicJob, type PeriodicJob } from '../jobs/lease.ts';
import type { Clock } from '../clock.ts';
import { loadAudienceEffects } from '../experiments/audience-effect.ts';
import { kindKey, kindOfKey } from './pooled-kinds.ts';
import { kindOf, PRIVATE_SETTING } from './pooled-queries.ts';
import { varianceOf } from './pooled-meta.ts';
import {
  contributors,
  decide,
  figuresOf,
  signatureOf,
  type Contribution,
  type Signature,
} from './pooled-publish.ts';

/** Days after an experiment's end before it is measured: OP3's last day arrives the day after. */
const SETTLE_DAYS = 2;
/** How long an experiment measured without an answer is tried again (an export uploaded later). */
const RETRY_DAYS = 30;
/** Experiments measured per run at most (the rest in the next run). */
const PER_RUN = 200;
export const INTERVAL_MS = 15 * 60_000;

const withSetting = (db: Db, value: '0' | '1') =>
  db
    .selectFrom('podcast_settings')
    .select('podcast_id')
    .where('key', '=', PRIVATE_SETTING)
    .where('value', '=', value);
const optedOut = (db: Db) => withSetting(db, '1');

/**
 * Per database, the Berlin day on which this process last looked at every ended experiment.
 * Entscheidung PRA-11: a run reads the experiments that ended in the last RETRY_DAYS (by the index
 * on their end, migration 0038) and those of podcasts that opted in again; every ended experiment
 * only at a process's first run of each day. With nothing new a run so reads what ended lately,
 * not all experiments (at 50,000 podcasts 125,000: 174 ms on PostgreSQL). An experiment entered
 * afterwards with an end long past is measured at the next day's first run.
 */
const sweptOn = new WeakMap<Database, string>();

/**
 * Measures the finished experiments not measured yet (and those without an answer, for a while),
 * and drops the contributions of deleted experiments and of podcasts that opted out. Returns the
 * methods whose contributions changed.
 */
export async function collectContributions(db: Database, now: Date): Promise<Set<number>> {
  const today = berlinDate(now);
  const touched = new Set<number>();
  // Two indexed reads: the deleted experiments (a partial index) and the opted-out podcasts'.
  const columns = ['c.experiment_id', 'c.practice_id', 'c.log_ratio'] as const;
  const gone = [
    ...(await db
      .selectFrom('experiments as e')
      .innerJoin('practice_effect_contributions as c', 'c.experiment_id', 'e.id')
      .select(columns)
      .where('e.deleted_at', 'is not', null)
      .execute()),
    ...(await db
      .selectFrom('practice_effect_contributions as c')
      .select(columns)
      .where('c.podcast_id', 'in', optedOut(db))
      .execute()),
  ];
  if (gone.length > 0) {
    await db
      .deleteFrom('practice_effect_contributions')
      .where(
        'experiment_id',
        'in',
        gone.map((g) => g.experiment_id),
      )
      .execute();
    for (const g of gone) if (g.log_ratio !== null) touched.add(g.practice_id);
  }

  const sweep = sweptOn.get(db) !== today;
  const recent = addDays(today, -RETRY_DAYS);
  // 'recent': ended in the last RETRY_DAYS; 'opted in': older ones of podcasts that opted in again.
  const dueAmong = (among: 'all' | 'recent' | 'opted in') =>
    db
      .selectFrom('experiments as e')
      .leftJoin('practice_effect_contributions as c', 'c.experiment_id', 'e.id')
      .select(['e.id', 'e.podcast_id', 'e.practice_id', 'e.starts_at', 'e.ends_at'])
      .where('e.deleted_at', 'is', null)
      .where('e.ends_at', '<=', addDays(today, -SETTLE_DAYS))
      .where('e.podcast_id', 'not in', optedOut(db))
      .$if(among === 'recent', (qb) => qb.where('e.ends_at', '>=', recent))
      .$if(among === 'opted in', (qb) =>
        qb.where('e.ends_at', '<', recent).where('e.podcast_id', 'in', withSetting(db, '0')),
      )
      .where((eb) =>
        eb.or([
          eb('c.experiment_id', 'is', null),
          eb.and([
            eb('c.log_ratio', 'is', null),
            eb('c.checked_on', '<', today),
            eb('e.ends_at', '>=', recent),
          ]),
        ]),
      )
      .orderBy('e.ends_at')
      .orderBy('e.id')
      .limit(PER_RUN)
      .execute();
  const due = sweep
    ? await dueAmong('all')
    : [...(await dueAmong('recent')), ...(await dueAmong('opted in'))]
        .sort((x, y) => (x.ends_at < y.ends_at ? -1 : x.ends_at > y.ends_at ? 1 : x.id - y.id))
        .slice(0, PER_RUN);
  const byPodcast = new Map<number, typeof due>();
  for (const e of due) byPodcast.set(e.podcast_id, [...(byPodcast.get(e.podcast_id) ?? []), e]);
  for (const [podcastId, experiments] of byPodcast) {
    const [effects, kind, owner] = await Promise.all([
      loadAudienceEffects(db, podcastId, experiments, today),
      kindOf(db, podcastId),
      db
        .selectFrom('memberships')
        .select('user_id')
        .where('podcast_id', '=', podcastId)
        .where('role', '=', 'owner')
        .executeTakeFirst(),
    ]);
    for (const e of experiments) {
      const effect = effects.get(e.id);
      const variance = effect?.enough_data && effect.interval ? varianceOf(effect.interval) : null;
      const measured = variance !== null && effect?.relative !== null && effect!.relative! > -1;
      const row = {
        podcast_id: podcastId,
        practice_id: e.practice_id,
        owner_id: owner?.user_id ?? null,
        log_ratio: measured ? Math.log1p(effect!.relative!) : null,
        variance: measured ? variance : null,
        kind: kindKey(kind),
        checked_on: today,
      };
      await db
        .insertInto('practice_effect_contributions')
        .values({ experiment_id: e.id, ...row })
        .onConflict((oc) => oc.column('experiment_id').doUpdateSet(row))
        .execute();
      if (measured) touched.add(e.practice_id);
    }
  }
  // A sweep that took as many as a run may has more to take: the next run sweeps again.
  if (sweep && due.length < PER_RUN) sweptOn.set(db, today);
  return touched;
}

/** A method's measured contributions as the pooling reads them. */
async function contributionsOf(db: Db, practiceId: number): Promise<Contribution[]> {
  const rows = await db
    .selectFrom('practice_effect_contributions')
    .select(['experiment_id', 'podcast_id', 'owner_id', 'log_ratio', 'variance', 'kind'])
    .where('practice_id', '=', practiceId)
    .where('log_ratio', 'is not', null)
    .execute();
  return rows.map((r) => ({
    experimentId: r.experiment_id,
    podcastId: r.podcast_id,
    ownerId: r.owner_id,
    y: r.log_ratio!,
    v: r.variance!,
    kind: kindOfKey(r.kind),
  }));
}

/**
 * Recomputes the methods in `touched` and those whose number of contributions differs from the
 * state's (a podcast deleted since: its contributions went with it). Returns how many methods'
 * shown figures changed.
 */
export async function publishPooled(db: Database, now: Date, touched: ReadonlySet<number>): Promise<number> {
  const [counts, states] = await Promise.all([
    db
      .selectFrom('practice_effect_contributions')
      .select(['practice_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('log_ratio', 'is not', null)
      .groupBy('practice_id')
      .execute(),
    db.selectFrom('practice_pooled_states').selectAll().execute(),
  ]);
  const live = new Map(counts.map((c) => [c.practice_id, Number(c.n)]));
  const stateOf = new Map(states.map((s) => [s.practice_id, s]));
  const methods = new Set(touched);
  for (const [id, n] of live) if (stateOf.get(id)?.experiments !== n) methods.add(id);
  for (const s of states) if (!live.has(s.practice_id) && s.experiments > 0) methods.add(s.practice_id);

  let changed = 0;
  for (const practiceId of [...methods].sort((a, b) => a - b)) {
    changed += await withTx(db, async (tx) => {
      const list = await contributionsOf(tx, practiceId);
      const state = stateOf.get(practiceId);
      const published = state?.published ? (JSON.parse(state.published) as Signature) : null;
      const shown = Boolean(state?.shown);
      const action = decide(list, published, shown);
      const at = now.toISOString();
      let nowShown = shown;
      let signature = state?.published ?? null;
      if (action !== 'keep')
        await tx.deleteFrom('practice_pooled_effects').where('practice_id', '=', practiceId).execute();
      if (action === 'publish') {
        const figures = figuresOf(list);
        if (figures.length > 0) {
          await tx
            .insertInto('practice_pooled_effects')
            .values(
              figures.map((f) => ({
                practice_id: practiceId,
                kind: f.kind,
                experiments: f.experiments,
                podcasts: f.podcasts,
                similar: f.similar,
                fallback: f.fallback ? 1 : 0,
                effect: f.effect,
                low: f.low,
                high: f.high,
                spread: f.spread,
                published_at: at,
              })),
            )
            .execute();
        }
        nowShown = figures.length > 0;
        signature = JSON.stringify(signatureOf(list));
      } else if (action === 'withdraw') nowShown = false;
      const row = {
        experiments: list.length,
        contributors: contributors(list),
        published: signature,
        shown: nowShown ? 1 : 0,
        updated_at: at,
      };
      await tx
        .insertInto('practice_pooled_states')
        .values({ practice_id: practiceId, ...row })
        .onConflict((oc) => oc.column('practice_id').doUpdateSet(row))
        .execute();
      return action === 'keep' ? 0 : 1;
    });
  }
  if (changed > 0) {
    await touchContent(db, now);
    forgetContentVersion(db);
  }
  return changed;
}

/** One run: measure what finished, recompute what changed. */
export async function runPooledEvidence(db: Database, now: Date) {
  const touched = await collectContributions(db, now);
  return publishPooled(db, now, touched);
}

export function startPooledJob(ctx: { db: Database; clock: Clock }, log: FastifyBaseLogger): PeriodicJob {
  return startPeriodicJob(ctx, log, 'practice-pooled-evidence', INTERVAL_MS, async () => {
    await runPooledEvidence(ctx.db, ctx.clock.now());
  });
}
