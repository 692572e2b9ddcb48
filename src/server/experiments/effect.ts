// The effect of an experiment from the podcast's metrics history: per metric its value before
// the start and after the end, from the experiment's own time and with the days each stands for
// (effect-sides.ts), and a goal score. Never an invented number: without both sides there is no
// effect.
// Decision 2026-12-07: the reach taken from the downloads is not compared month to month where
// the downloads' effect was measured against the baseline (audience-effect.ts): two months of
// downloads also hold the show's growth and season, so they would disagree with the measured
// effect whenever the show grows. The measured effect is the reach's answer then: it stands in
// the goal score in the reach's place (0 while its interval holds 0), and `note` says why the
// row is missing.
import type { AudienceEffect } from '../../shared/audience.ts';
import { effectMessages, type ExperimentEffect } from '../../shared/experiment-effect.ts';
import { metric, type MetricKey } from '../../shared/vocabulary.ts';
import type { Db } from '../db/database.ts';
import { loadAudienceEffects } from './audience-effect.ts';
import { loadEpisodeEffects } from './episode-effect-load.ts';
import { effectSides, type MetricRow, type Side } from './effect-sides.ts';

export type { MetricRow } from './effect-sides.ts';
export type Objectives = Partial<Record<MetricKey, string | null>>;

const WEIGHT: Record<string, number> = { none: 0, low: 1, medium: 2, high: 3 };
const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

/** How far a metric moved towards a goal: rating points / 100; the reach by its relative change. */
function movement(key: string, before: number, after: number) {
  if (key !== 'coverage') return (after - before) / 100;
  if (before === 0) return Math.sign(after - before);
  return Math.max(-1, Math.min(1, (after - before) / before));
}

/** The reach's movement the measured downloads stand for: none while the interval holds 0. */
function measuredMovement(audience: AudienceEffect) {
  if (!audience.interval || audience.relative === null) return 0;
  if (audience.interval[0] <= 0 && audience.interval[1] >= 0) return 0;
  return Math.max(-1, Math.min(1, audience.relative));
}

/** Both sides are a source's months of downloads (not followers). */
const downloadMonths = (b: Side, a: Side) =>
  Boolean(b.row.source && a.row.source) && b.row.measure !== 'followers' && a.row.measure !== 'followers';

export function effectOf(
  rows: MetricRow[],
  startsAt: string,
  endsAt: string,
  objectives: Objectives,
  audience: AudienceEffect | null = null,
): ExperimentEffect {
  const { before, after } = effectSides(rows, startsAt, endsAt);
  const measured = audience?.enough_data ? audience : null;
  let reachByEffect = false;
  const metrics = metric.keys.flatMap((key) => {
    const b = before.get(key);
    const a = after.get(key);
    if (!b || !a) return [];
    if (key === 'coverage' && measured && downloadMonths(b, a)) {
      reachByEffect = true;
      return [];
    }
    const change = a.row.value - b.row.value;
    return [
      {
        key,
        before: b.row.value,
        after: a.row.value,
        change,
        relative: b.row.value === 0 ? null : round(change / b.row.value),
        before_days: { from: b.from, to: b.to },
        after_days: { from: a.from, to: a.to },
      },
    ];
  });
  let weighted = 0;
  let weights = 0;
  const score = (key: MetricKey, moved: number) => {
    const weight = WEIGHT[objectives[key] ?? 'none'] ?? 0;
    weighted += weight * moved;
    weights += weight;
  };
  for (const m of metrics) score(m.key, movement(m.key, m.before, m.after));
  if (reachByEffect && measured) score('coverage', measuredMovement(measured));
  const missing =
    metrics.length > 0 || reachByEffect
      ? null
      : before.size === 0 && after.size === 0
        ? effectMessages.both
        : before.size === 0
          ? effectMessages.before
          : after.size === 0
            ? effectMessages.after
            : effectMessages.mismatch;
  return {
    metrics,
    goal_score: weights > 0 ? round(weighted / weights) : null,
    enough_data: metrics.length > 0,
    missing,
    audience,
    note: reachByEffect ? effectMessages.reachByEffect : null,
  };
}

/**
 * The effect of each of `experiments` (one podcast's): the typed metrics (one query for them, one
 * for the goals) and the downloads against the baseline (audience-effect.ts, two more); `today`
 * (Berlin) keeps a running experiment's still counting day out.
 */
export async function loadEffects(
  db: Db,
  podcastId: number,
  experiments: { id: number; starts_at: string; ends_at: string }[],
  today?: string,
): Promise<Map<number, ExperimentEffect>> {
  const [rows, objectives, audience, episodes] = await Promise.all([
    db
      .selectFrom('podcast_metrics')
      .select(['id', 'metric', 'value', 'recorded_on', 'source', 'measure'])
      .where('podcast_id', '=', podcastId)
      .execute(),
    db.selectFrom('podcast_objectives').selectAll().where('podcast_id', '=', podcastId).executeTakeFirst(),
    loadAudienceEffects(db, podcastId, experiments, today),
    loadEpisodeEffects(db, podcastId, experiments, today),
  ]);
  const goals: Objectives = objectives ?? {};
  return new Map(
    experiments.map((e) => [
      e.id,
      {
        ...effectOf(rows, e.starts_at, e.ends_at, goals, audience.get(e.id) ?? null),
        episodes: episodes.get(e.id) ?? null,
      },
    ]),
  );
}
