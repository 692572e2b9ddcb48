// What the tip rules look at: one snapshot of a podcast, loaded in a few queries. The rules
// (rules.ts) are pure functions of it, so they are tested on fixed snapshots and a fixed clock.
import { metric, type MetricKey } from '../../../shared/vocabulary.ts';
import { berlinDate } from '../../../shared/calendar.ts';
import type { Database } from '../../db/database.ts';
import type { RawFinding } from '../../feed-check/finding.ts';
import { loadEffects } from '../../experiments/effect.ts';
import type { AudienceEffect } from '../../../shared/audience.ts';
import { tipAudience, type TipAudience } from './tip-audience.ts';
import type { Rhythm } from '../../../shared/feed-check.ts';
import { planColumns, planOf, type Plan } from '../../access/plan.ts';
import {
  tipBookmarks,
  tipExperiments,
  tipRecommendations,
  type TipBookmark,
  type TipExperiment,
  type TipPractice,
} from './tip-sources.ts';

export type { TipExperiment, TipPractice };

export type MetricValue = { metric: MetricKey; value: number; recorded_on: string };

export type TipState = {
  podcast: { id: number; title: string; created_at: string };
  /** Berlin calendar date of the clock's now. */
  today: string;
  plan: Plan;
  /** Importance per metric, null until the goals were saved. */
  objective: Partial<Record<MetricKey, string>> | null;
  strategyAnswered: boolean;
  /** Active memberships, the owner's included. */
  members: number;
  /** The newest two values of each metric, oldest first (what the rules compare and name). */
  metrics: MetricValue[];
  experiments: TipExperiment[];
  /** Best-matching methods for the podcast, best first (the recommendation engine). */
  recommended: TipPractice[];
  bookmarks: TipBookmark[];
  /** Tips the podcast already has: rule and creation time. */
  tips: { rule: string; created_at: string }[];
  /** The newest Feed-Check and the keys fixed since the one before; null before any. */
  feed: { checked_at: string; findings: RawFinding[]; resolved: string[]; rhythm: Rhythm } | null;
  /**
   * Ended experiments whose effect could be measured, with their goal score (null: no goal) and
   * their effect on the downloads against the baseline (absent or null: none measured).
   */
  effects: { id: number; title: string; goal_score: number | null; audience?: AudienceEffect | null }[];
  /** The listener numbers (tip-audience.ts); absent when the podcast has no audience source. */
  audience?: TipAudience;
};

/**
 * The newest two values of each metric (by the day recorded, then the order entered), one indexed
 * lookup each (migration 0024): the rules name the last values and compare a metric's last two,
 * so the history before them is not read (a podcast's grows with every evaluation).
 */
function latestMetrics(db: Database, podcastId: number) {
  const [first, ...rest] = metric.keys.map((key) =>
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('podcast_metrics')
          .select(['id', 'metric', 'value', 'recorded_on'])
          .where('podcast_id', '=', podcastId)
          .where('metric', '=', key)
          .orderBy('recorded_on', 'desc')
          .orderBy('id', 'desc')
          .limit(2)
          .as('newest'),
      )
      .selectAll(),
  );
  return rest.reduce((all, one) => all.unionAll(one), first!).execute();
}

export async function loadTipState(
  db: Database,
  podcastId: number,
  now: Date,
): Promise<TipState | undefined> {
  const podcast = await db
    .selectFrom('podcasts')
    .select(['id', 'title', 'created_at', 'trial_days', 'pro_until'])
    .select(planColumns(now))
    .where('id', '=', podcastId)
    .executeTakeFirst();
  if (!podcast) return undefined;
  const [objective, strategy, members, metrics, tips, experiments, recommended, bookmarks, checks] =
    await Promise.all([
      db.selectFrom('podcast_objectives').selectAll().where('podcast_id', '=', podcastId).executeTakeFirst(),
      db.selectFrom('podcast_strategies').selectAll().where('podcast_id', '=', podcastId).executeTakeFirst(),
      db
        .selectFrom('memberships')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('podcast_id', '=', podcastId)
        .where('active', '=', 1)
        .executeTakeFirstOrThrow(),
      latestMetrics(db, podcastId),
      db
        .selectFrom('assistances')
        .select(['rule', 'created_at'])
        .where('podcast_id', '=', podcastId)
        .execute(),
      tipExperiments(db, podcastId),
      tipRecommendations(db, podcastId, now),
      tipBookmarks(db, podcastId),
      db
        .selectFrom('feed_checks')
        .select(['checked_at', 'findings', 'rhythm'])
        .where('podcast_id', '=', podcastId)
        .orderBy('id', 'desc')
        .limit(2)
        .execute(),
    ]);
  const today = berlinDate(now);
  const ended = experiments.filter((e) => e.ends_at < today);
  const [effects, audience] = await Promise.all([
    ended.length > 0 ? loadEffects(db, podcastId, ended, today) : new Map<number, never>(),
    tipAudience(db, podcastId, today),
  ]);
  const [latest, before] = checks;
  const findings = latest ? (JSON.parse(latest.findings) as RawFinding[]) : [];
  const keys = new Set(findings.map((f) => f.key));
  const { podcast_id: _p, ...levels } = objective ?? { podcast_id: 0 };
  const { podcast_id: _s, ...answers } = strategy ?? { podcast_id: 0 };
  return {
    podcast: { id: podcast.id, title: podcast.title, created_at: podcast.created_at },
    today: berlinDate(now),
    plan: planOf(podcast, now),
    objective: objective ? levels : null,
    strategyAnswered: Object.values(answers).some((v) => typeof v === 'string' && v.trim() !== ''),
    members: Number(members.n),
    metrics: metrics
      .sort((a, b) =>
        a.recorded_on === b.recorded_on ? a.id - b.id : a.recorded_on < b.recorded_on ? -1 : 1,
      )
      .map((m) => ({ metric: m.metric as MetricKey, value: Number(m.value), recorded_on: m.recorded_on })),
    experiments,
    recommended,
    bookmarks,
    tips,
    feed: latest
      ? {
          checked_at: latest.checked_at,
          findings,
          resolved: before
            ? (JSON.parse(before.findings) as RawFinding[]).map((f) => f.key).filter((k) => !keys.has(k))
            : [],
          rhythm: JSON.parse(latest.rhythm) as Rhythm,
        }
      : null,
    effects: ended.flatMap((e) => {
      const effect = effects.get(e.id);
      return effect?.enough_data || effect?.audience?.enough_data
        ? [{ id: e.id, title: e.title, goal_score: effect.goal_score, audience: effect.audience }]
        : [];
    }),
    ...(audience ? { audience } : {}),
  };
}
