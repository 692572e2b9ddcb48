// What a method's pooled effect (pooled-evidence.md) does to its score in the ranking
// (recommend-engine.ts): a factor and the reason that names it.

/**
 * Per method id the published pooled effect for podcasts of this kind: [effect, low, high] in
 * whole percents and 1 when it is every podcast's (too few alike). Plain data: it is part of the
 * profile's fingerprint.
 */
export type PooledEffects = Record<number, [number, number, number, number]>;

/** The 90 % interval of the method's pooled effect in whole percents; fallback: all podcasts'. */
export type PooledInterval = { low: number; high: number; fallback: boolean };

/**
 * The pooled effect's factor, from the interval's end nearest to zero so that only what was
 * measured moves a method: an interval above 0 raises it by twice its lower end (+3 % → ×1.06), at
 * most ×1.25; an interval below +2 % (measured to do nothing, or harm) lowers it by 5 % and twice
 * what its upper end lies below 0, at least ×0.8; anything between: ×1.
 */
export const POOLED = { gain: 2, rise: 1.25, nothing: 2, base: 0.05, sink: 0.8, weight: 0.9 } as const;
export function pooledFactor({ low, high }: { low: number; high: number }) {
  if (low > 0) return Math.min(POOLED.rise, 1 + (POOLED.gain * low) / 100);
  if (high < POOLED.nothing)
    return Math.max(POOLED.sink, 1 - POOLED.base - (POOLED.gain * Math.max(0, -high)) / 100);
  return 1;
}

/**
 * The factor and its reason's code (reasons.ts): 'P' raised, 'p' lowered, 'Q'/'q' when the effect
 * is every podcast's, none at ×1. The reason weighs POOLED.weight: right after a feed finding.
 */
export function pooledEvidence(interval: PooledInterval): { factor: number; code: string | null } {
  const factor = pooledFactor(interval);
  if (factor > 1) return { factor, code: interval.fallback ? 'Q' : 'P' };
  if (factor < 1) return { factor, code: interval.fallback ? 'q' : 'p' };
  return { factor, code: null };
}
