// What may be published of one method's contributions, and the figures (pooled-evidence.md):
// pure functions, shared by the job (pooled-job.ts) and the synthetic-truth bench.
import { KIND_KEYS, kindKey, kindOfKey, sameKind, similarity, type Kind } from './pooled-kinds.ts';
import { pool, poolByKind, type Pooled } from './pooled-meta.ts';

export type Contribution = {
  experimentId: number;
  podcastId: number;
  ownerId: number | null;
  y: number;
  v: number;
  kind: Kind;
};

/** A published figure for readers of one kind ('all': every podcast), in whole percents. */
export type Figure = {
  kind: string;
  experiments: number;
  podcasts: number;
  /** Podcasts of the reader's own kind among them (0 for 'all'). */
  similar: number;
  /** true: too few podcasts of this kind, the figure is every podcast's. */
  fallback: boolean;
  effect: number;
  low: number;
  high: number;
  /** How much the true effect differs from podcast to podcast (tau, in percent points). */
  spread: number;
};

/** At least this many different podcasts, of as many different owners, before anything is shown. */
export const MIN_CONTRIBUTORS = 5;
/**
 * Up to this many experiments of the reader's own kind, the other kinds count with their full
 * similarity; beyond, with BORROW / (own experiments) of it: the more podcasts like yours measured
 * a method, the less the others' results are needed. On the bench (tests/bench/pooled-evidence.ts,
 * 5,000 experiments) a kind's figure held its own kind's true mean in 74 % with 10, 87 % with 4,
 * and in 57 % with no such rule: the other kinds pulled it toward theirs.
 */
export const BORROW = 4;
/** A published figure changes only once this many podcasts came, went or changed since it was made. */
export const BATCH = 5;

/** Distinct podcasts and owners: the smaller of the two counts against MIN_CONTRIBUTORS. */
export function contributors(list: readonly Contribution[]) {
  const podcasts = new Set(list.map((c) => c.podcastId)).size;
  const owners = new Set(list.map((c) => c.ownerId ?? -c.podcastId)).size;
  return Math.min(podcasts, owners);
}

/** Per podcast, its experiments (sorted ids): what a publication was made of. */
export type Signature = Record<string, string>;
export function signatureOf(list: readonly Contribution[]): Signature {
  const by = new Map<number, number[]>();
  for (const c of list) by.set(c.podcastId, [...(by.get(c.podcastId) ?? []), c.experimentId]);
  return Object.fromEntries(
    [...by].sort((a, b) => a[0] - b[0]).map(([id, ids]) => [String(id), ids.sort((a, b) => a - b).join(',')]),
  );
}

/** How many podcasts came, went or changed their experiments between two signatures. */
export function changedPodcasts(before: Signature, after: Signature) {
  let changed = 0;
  for (const id of new Set([...Object.keys(before), ...Object.keys(after)]))
    if (before[id] !== after[id]) changed++;
  return changed;
}

/**
 * What to do with a method's figures. 'withdraw' as soon as fewer than MIN_CONTRIBUTORS podcasts
 * or owners remain; 'publish' the first time there are enough, and later only when at least BATCH
 * podcasts changed since the last publication (also across a withdrawal: its signature is kept);
 * else 'keep' what is shown. So two published answers never differ by one podcast's experiments
 * alone: the difference of any two mixes at least five podcasts (the differencing test).
 */
export function decide(
  list: readonly Contribution[],
  published: Signature | null,
  shown: boolean,
): 'publish' | 'withdraw' | 'keep' {
  if (contributors(list) < MIN_CONTRIBUTORS) return shown ? 'withdraw' : 'keep';
  if (published === null) return 'publish';
  return changedPodcasts(published, signatureOf(list)) >= BATCH ? 'publish' : 'keep';
}

/** Whole percents; an interval's ends rounded outwards, so the coarsening never narrows it. */
const percent = (logRatio: number, round = Math.round) => round(Math.expm1(logRatio) * 100);

function figureOf(
  kind: string,
  pooled: Pooled | null,
  list: readonly Contribution[],
  similar: number,
  fallback: boolean,
): Figure | null {
  if (!pooled) return null;
  return {
    kind,
    experiments: list.length,
    podcasts: new Set(list.map((c) => c.podcastId)).size,
    similar,
    fallback,
    effect: percent(pooled.mu),
    low: percent(pooled.low, Math.floor),
    high: percent(pooled.high, Math.ceil),
    spread: Math.round(Math.sqrt(pooled.tau2) * 100),
  };
}

/**
 * The figures of one method: every podcast's ('all') and one per kind of reader. A kind with
 * MIN_CONTRIBUTORS podcasts of as many owners of its own gets the similarity-weighted pool of every
 * contribution (pooled-kinds.ts `similarity`); a kind with fewer gets the 'all' figure, marked
 * as a fallback. A reader of unknown size or rhythm always reads the fallback.
 */
export function figuresOf(list: readonly Contribution[]): Figure[] {
  const all = figureOf(
    'all',
    poolByKind(list.map((c) => ({ y: c.y, v: c.v, cell: kindKey(c.kind) }))),
    list,
    0,
    false,
  );
  if (!all) return [];
  const figures = [all];
  for (const key of KIND_KEYS) {
    const mine = kindOfKey(key);
    const alike = list.filter((c) => sameKind(mine, c.kind));
    if (contributors(alike) < MIN_CONTRIBUTORS) {
      figures.push({
        ...all,
        kind: key,
        similar: new Set(alike.map((c) => c.podcastId)).size,
        fallback: true,
      });
      continue;
    }
    // The other kinds count less the more of the reader's own kind measured it (BORROW).
    const borrow = Math.min(1, BORROW / alike.length);
    const studies = list.map((c) => ({
      y: c.y,
      v: c.v,
      s: sameKind(mine, c.kind) ? 1 : similarity(mine, c.kind) * borrow,
    }));
    const similar = new Set(alike.map((c) => c.podcastId)).size;
    figures.push(
      figureOf(key, pool(studies, undefined, { floor: true }), list, similar, false) ?? {
        ...all,
        kind: key,
        fallback: true,
      },
    );
  }
  return figures;
}
