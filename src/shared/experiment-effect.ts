// The measured effect of an experiment: GET /api/experiments/{id}/effect, shown as
// 'Wirkung' on the experiment and in 'Was hat gewirkt?' across a podcast's experiments.
import { z } from 'zod';
import { isoDate, oneOf, resource } from './api.ts';
import { audienceEffect } from './audience.ts';
import { episodeEffect } from './episode-effect.ts';
import { effectDetectable } from './effect-detectable.ts';
import { metric } from './vocabulary.ts';

/** The days a value stands for: the day it was typed, or the month a source's value sums up. */
const daySpan = z.object({ from: isoDate, to: isoDate });

export const effectMetric = z.object({
  key: oneOf(metric),
  before: z.number(),
  after: z.number(),
  change: z.number(),
  /** change / before; null when before is 0. */
  relative: z.number().nullable(),
  before_days: daySpan,
  after_days: daySpan,
});

export const experimentEffect = z.object({
  metrics: z.array(effectMetric),
  /**
   * How much the experiment moved the podcast's goals, -1 to 1: each metric's movement (rating
   * points / 100; for the reach its relative change, capped at ±100 %) weighted by its goal's
   * importance (low 1, medium 2, high 3). Null without a goal among the measured metrics.
   */
  goal_score: z.number().nullable(),
  enough_data: z.boolean(),
  /** What is missing when there is not enough data (German, for the screen). */
  missing: z.string().nullable(),
  /**
   * The effect on the daily downloads against the baseline (server/audience/baseline-effect.md);
   * null when the podcast has no daily downloads from a source (then only the typed metrics tell).
   */
  audience: audienceEffect.nullable(),
  /**
   * The run's episodes against the episodes before at the same age (first 7 and 30 days), where a
   * source counts per episode (audience/episode-effect.ts); null or absent without per-episode
   * numbers.
   */
  episodes: episodeEffect.nullable().optional(),
  /**
   * German: why a metric has no before → after here (the reach from the downloads, where the
   * downloads' effect was measured against the baseline: the measured effect is its answer).
   */
  note: z.string().nullable(),
  /**
   * Until the first day of the run is counted (before the start and on the start day): from what
   * size of change on Kompass will tell after the planned days (GET …/effect-detectable's answer).
   */
  detectable: effectDetectable.nullish(),
});
export type ExperimentEffect = z.infer<typeof experimentEffect>;
export const effectResource = resource(experimentEffect);

export const effectMessages = {
  // A value recorded on the first day counts as 'before' (effect.ts): said, so that an interim
  // evaluation on day one is not taken for too late (Entscheidung SHR-5).
  before:
    'Für eine Wirkung fehlt eine Auswertung vor dem Start. Bis einschließlich zum ersten Tag des Experiments zählt auch eine Zwischenauswertung als Wert vor dem Start.',
  after: 'Für eine Wirkung fehlt eine Auswertung nach dem Ende.',
  both: 'Für eine Wirkung fehlen Auswertungen vor dem Start und nach dem Ende. Eine Zwischenauswertung bis einschließlich zum ersten Tag zählt als Wert vor dem Start.',
  mismatch: 'Vor dem Start und nach dem Ende wurden verschiedene Kennzahlen ausgewertet.',
  // Decision 2026-12-07: a month's downloads before against a month's after also hold the show's
  // growth and season, so they can disagree with the effect measured against what was expected.
  reachByEffect:
    'Die Reichweite aus deinen Downloads steht hier nicht als Vorher → nachher: Ihre Wirkung ist oben gegen das gemessen, was ohne das Experiment zu erwarten war. Ein Vergleich zweier Monate enthielte auch Wachstum und Saison deines Podcasts.',
};

/** 'Was hat gewirkt?': the podcast's experiments with enough data, best goal score first. */
export const effectListResource = resource(
  z.array(
    z.object({
      experiment: z.object({
        id: z.number(),
        title: z.string(),
        practice_id: z.number(),
        ends_at: z.string(),
      }),
      effect: experimentEffect,
    }),
  ),
);
