// What every finished experiment taught about a method, as GET /api/podcasts/{id}/pooled-effects
// answers it (server: src/server/practices/pooled-evidence.md; the texts:
// client/features/practices/components/pooled-effect-text.ts, loaded after the first paint).

/** One method's pooled effect for the reading podcast's kind (GET /api/podcasts/{id}/pooled-effects). */
export type PooledEffect = {
  practice_id: number;
  /** Whether a figure is published (at least `needed` podcasts of as many owners measured it). */
  shown: boolean;
  /** Podcasts (of as many owners) that measured it so far; counts towards `needed`. */
  contributors: number;
  needed: number;
  experiments: number | null;
  podcasts: number | null;
  /** Podcasts of the reader's kind among them. */
  similar: number | null;
  /** true: too few of the reader's kind, the figure is every podcast's. */
  fallback: boolean | null;
  /** Whole percents: the typical change of the downloads and its 90 % interval. */
  effect: number | null;
  low: number | null;
  high: number | null;
  /** How much the effect differs from podcast to podcast (± percent points). */
  spread: number | null;
};
