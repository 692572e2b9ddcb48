// The effect of an experiment from the podcast's metrics history: for each metric the newest
// value recorded on or before the experiment's first day ('before') and the newest recorded on or
// after its last day ('after'). Evaluations and plain metric entries count alike: both are what
// the team measured then. Never an invented number: without both sides there is no effect.
import { effectMessages, type ExperimentEffect } from '../../shared/experiment-effect.ts';
import { metric, type MetricKey } from '../../shared/vocabulary.ts';
import type { Db } from '../db/database.ts';
import { loadAudienceEffects } from './audience-effect.ts';
import { loadEpisodeEffects } from './episode-effect-load.ts';

export type MetricRow = { id: number; metric: string; value: number; recorded_on: string };
export type Objectives = Partial<Record<MetricKey, string | null>>;

const WEIGHT: Record<string, number> = { none: 0, low: 1, medium: 2, high: 3 };
const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The newest row per metric among `rows` (by day, then by id). */
function newest(rows: MetricRow[]) {
  const by = new Map<string, MetricRow>();
  for (const row of rows) {
    const seen = by.get(row.metric);
    if (
      !seen ||
      row.recorded_on > seen.recorded_on ||
      (row.recorded_on === seen.recorded_on && row.id > seen.id)
    ) {
      by.set(row.metric, row);
    }
  }
  return by;
}

/** How far a metric moved towards a goal: rating points / 100; the reach by its relative change. */
function movement(key: string, before: number, after: number) {
  if (key !== 'coverage') return (after - before) / 100;
  if (before === 0) return Math.sign(after - before);
  return Math.max(-1, Math.min(1, (after - before) / before));
}

export function effectOf(
  rows: MetricRow[],
  startsAt: string,
  endsAt: string,
  objectives: Objectives,
): ExperimentEffect {
  const before = newest(rows.filter((r) => r.recorded_on <= startsAt));
  const after = newest(rows.filter((r) => r.recorded_on >= endsAt));
  const metrics = metric.keys.flatMap((key) => {
    const b = before.get(key);
    const a = after.get(key);
    if (!b || !a) return [];
    const change = a.value - b.value;
    return [
      {
        key,
        before: b.value,
        after: a.value,
        change,
        relative: b.value === 0 ? null : round(change / b.value),
      },
    ];
  });
  let weighted = 0;
  let weights = 0;
  for (const m of metrics) {
    const weight = WEIGHT[objectives[m.key] ?? 'none'] ?? 0;
    weighted += weight * movement(m.key, m.before, m.after);
    weights += weight;
  }
  const missing =
    metrics.length > 0
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
    audience: null,
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
      .select(['id', 'metric', 'value', 'recorded_on'])
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
        ...effectOf(rows, e.starts_at, e.ends_at, goals),
        audience: audience.get(e.id) ?? null,
        episodes: episodes.get(e.id) ?? null,
      },
    ]),
  );
}
