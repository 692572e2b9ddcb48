// 'Podcasts wie deinem': a podcast's kind for the pooled effects (pooled-evidence.md, Entscheidung
// PRA-9) and how similar two kinds are. Two features, coarse on purpose:
// - audience size (the stage's 'Hörerschaft'), in three classes: a relative lift from a guest
//   appearance or a directory feature is a different thing for 300 listeners than for 30,000;
// - publishing rhythm (the Feed-Check's median days between episodes): weekly or more often, or
//   less often; a method that works through new episodes (titles, trailers, clips) acts more often
//   on a weekly show.
// Not used: the category (two of many per podcast: a method and a category together rarely reach
// five podcasts, and a rare category with a method narrows a contributor down to a few shows) and
// the goals (what the podcaster wants, not how its audience answers; they weigh in the score's
// goal fit already).
export type Kind = { size: number | null; rhythm: number | null };

/** Size classes over the stage's audience sizes: under 1,000; under 20,000; from 20,000. */
const SIZE_CLASS: Record<string, number> = {
  pre_launch: 0,
  lt_1k: 0,
  lt_20k: 1,
  lt_50k: 2,
  lt_200k: 2,
  gt_200k: 2,
};
export const sizeClass = (expansion: string | null | undefined) =>
  expansion && Object.hasOwn(SIZE_CLASS, expansion) ? SIZE_CLASS[expansion]! : null;

/** 0: weekly or more often (median interval up to 8 days), 1: less often; null: unknown. */
export const rhythmClass = (medianDays: number | null | undefined) =>
  medianDays === null || medianDays === undefined || !Number.isFinite(medianDays)
    ? null
    : medianDays <= 8
      ? 0
      : 1;

/** A kind as one key ('s0r1', 's?r0'), the stored group of the pooled figures. */
export const kindKey = (kind: Kind) => `s${kind.size ?? '?'}r${kind.rhythm ?? '?'}`;

/** Every group a published figure is stored for (3 sizes and unknown × 2 rhythms and unknown). */
export const KIND_KEYS = [0, 1, 2, null].flatMap((size) =>
  [0, 1, null].map((rhythm) => kindKey({ size, rhythm })),
);

export function kindOfKey(key: string): Kind {
  const size = key[1] === '?' ? null : Number(key[1]);
  const rhythm = key[3] === '?' ? null : Number(key[3]);
  return { size, rhythm };
}

/**
 * How much a contribution of kind `other` counts for a reader of kind `mine`, 0–1: the product of
 * a size factor (same class 1, neighbouring 0.5, two apart 0.25) and a rhythm factor (same 1,
 * different 0.5); an unknown feature on either side 0.75. The pooled mean treats a less similar
 * podcast's effect as a noisier measurement of the reader's (its variance divided by this).
 */
export function similarity(mine: Kind, other: Kind): number {
  const size =
    mine.size === null || other.size === null ? 0.75 : [1, 0.5, 0.25][Math.abs(mine.size - other.size)]!;
  const rhythm =
    mine.rhythm === null || other.rhythm === null ? 0.75 : mine.rhythm === other.rhythm ? 1 : 0.5;
  return size * rhythm;
}

/** Whether two kinds are 'wie deinem': the same on every feature both know. */
export const sameKind = (mine: Kind, other: Kind) =>
  mine.size !== null && mine.rhythm !== null && mine.size === other.size && mine.rhythm === other.rhythm;
