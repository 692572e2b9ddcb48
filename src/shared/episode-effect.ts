// The per-episode side of an experiment's 'Wirkung': its episodes against the episodes before it at
// the same age (server/audience/episode-effect.ts, baseline-effect.md „Je Folge“). Part of
// GET /api/experiments/{id}/effect as `episodes`, beside the daily downloads' `audience`.
import { z } from 'zod';

export const episodeComparison = z.object({
  /** The age compared, in days (the first 7, the first 30). */
  age: z.number(),
  /** Episodes released in the run with a figure at that age, and the episodes before it compared. */
  run_episodes: z.number(),
  before_episodes: z.number(),
  /** Geometric means of their downloads at that age. */
  run_mean: z.number(),
  before_mean: z.number(),
  /** run_mean / before_mean − 1 (0.2 = +20 %), and its 90 % interval. */
  relative: z.number(),
  interval: z.tuple([z.number(), z.number()]),
});
export type EpisodeComparison = z.infer<typeof episodeComparison>;

export const episodeEffect = z.object({
  /** German: the comparisons in a sentence each, or what is missing. */
  message: z.string(),
  comparisons: z.array(episodeComparison),
});
export type EpisodeEffect = z.infer<typeof episodeEffect>;
