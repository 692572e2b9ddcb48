// A podcast's scores as one ranking (recommend.ts computes it): the class the lists read, and the
// rankings kept in memory per podcast while their fingerprint is the stored one.
import type { Database, Db } from '../db/database.ts';
import { contentVersion } from '../db/seed/seed.ts';
import { type Stored } from './recommend-engine.ts';

/**
 * A podcast's scores as one ranking: per method (in id order) its similarity × 1000 and its
 * reason codes. Stored as one row (practice_score_states.ranking, JSON), ordered when a read
 * first needs the order, and kept in memory per podcast while its fingerprint is the stored one.
 * Lists sort by the ranking in JavaScript (podcast-practice-queries.ts: advicePage). Entscheidung
 * PRA-4: one row per podcast, written in well under a millisecond.
 */
export class Ranking {
  #order?: number[];
  /** `ids` in ascending order (as the refresh adds them), with their scores at the same index. */
  constructor(
    readonly ids: number[],
    readonly values: number[],
    readonly reasons: string[],
  ) {}

  static parse(text: string) {
    const { ids, values, reasons } = JSON.parse(text) as Pick<Ranking, 'ids' | 'values' | 'reasons'>;
    return new Ranking(ids, values, reasons);
  }

  toJSON() {
    return { ids: this.ids, values: this.values, reasons: this.reasons };
  }

  /** Adds a method's score, in ascending id order; one not computed (no rating) as UNSCORED. */
  add(id: number, score: Stored) {
    this.ids.push(id);
    this.values.push(score.similarity === null ? UNSCORED : Math.round(score.similarity * 1000));
    this.reasons.push(score.codes);
  }

  /** The index of a method's score (a binary search of the ascending ids); -1 if it has none. */
  #indexOf(id: number) {
    let low = 0;
    let high = this.ids.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const at = this.ids[mid]!;
      if (at === id) return mid;
      if (at < id) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }

  /** Whether it holds a score of the method. */
  has(id: number) {
    return this.#indexOf(id) >= 0;
  }

  /**
   * The method's similarity (0–1, null when none was computed) and reason codes; undefined for a
   * method it does not hold.
   */
  scoreOf(id: number): { similarity: number | null; codes: string } | undefined {
    const i = this.#indexOf(id);
    if (i < 0) return undefined;
    const value = this.values[i]!;
    return { similarity: value === UNSCORED ? null : value / 1000, codes: this.reasons[i]! };
  }

  /**
   * A method's place as one number: (1000 − score) · 2³² + id, smaller first, so best first and
   * equal scores by id (what `ORDER BY score DESC, id` gave); a method without a score (or
   * UNSCORED) counts as −1, after all others. Exact in a double (scores 0–1000, ids below 2³²),
   * and a Float64Array of them sorts natively, a fifth of a comparator's time.
   */
  sortKey(id: number) {
    const i = this.#indexOf(id);
    return (1000 - (i < 0 ? -1 : this.values[i]!)) * ID_SPAN + id;
  }

  /** Method ids, best first; equal scores by id. Sorted by the first read that needs it. */
  get order(): readonly number[] {
    if (!this.#order) {
      const keys = new Float64Array(this.ids.length);
      for (let i = 0; i < keys.length; i++) keys[i] = (1000 - this.values[i]!) * ID_SPAN + this.ids[i]!;
      this.#order = idsOf(keys);
    }
    return this.#order;
  }
}

export const ID_SPAN = 2 ** 32;
/**
 * The stored value of a method whose score was not computed (it has no rating): below every
 * score, so such methods come last in the advice order, and read back as null (scoreOf).
 */
const UNSCORED = -1;
/** The ids of sort keys (Ranking.sortKey, maybe plus 2⁵² in front), in their order. */
export const idsOf = (keys: Float64Array) => Array.from(keys.sort(), (key) => key % ID_SPAN);

/**
 * Per database, the rankings read or computed lately, by podcast, with their fingerprint: at most
 * 200,000 scores in all (2,000 podcasts at today's 99 methods, 20 at the bench's 10,000; ~40 bytes
 * a score), the least recently used dropped first.
 */
const rankings = new WeakMap<
  Db,
  { kept: Map<number, { fingerprint: string; ranking: Ranking }>; size: number }
>();
const SCORES_KEPT = 200_000;

export function remember(db: Db, podcastId: number, fingerprint: string, ranking: Ranking) {
  let memory = rankings.get(db);
  if (!memory) rankings.set(db, (memory = { kept: new Map(), size: 0 }));
  const { kept } = memory;
  const old = kept.get(podcastId);
  if (old) {
    kept.delete(podcastId);
    memory.size -= old.ranking.ids.length;
  }
  kept.set(podcastId, { fingerprint, ranking });
  memory.size += ranking.ids.length;
  // A Map iterates in insertion order: the first is the least recently used.
  for (const [id, { ranking: dropped }] of kept) {
    if (memory.size <= SCORES_KEPT || id === podcastId) break;
    kept.delete(id);
    memory.size -= dropped.ids.length;
  }
  return ranking;
}

/** The stored ranking of this fingerprint: from memory, or read once (another process wrote it). */
export async function storedRanking(db: Database, podcastId: number, fingerprint: string) {
  const kept = rankings.get(db)?.kept.get(podcastId);
  if (kept?.fingerprint === fingerprint) return remember(db, podcastId, fingerprint, kept.ranking);
  const row = await db
    .selectFrom('practice_score_states')
    .select(['fingerprint', 'ranking'])
    .where('podcast_id', '=', podcastId)
    .executeTakeFirst();
  if (!row?.ranking || row.fingerprint !== fingerprint) return undefined;
  return remember(db, podcastId, fingerprint, Ranking.parse(row.ranking));
}

/** A podcast's row of practice_score_states as far as a read needs it: for which content, which fingerprint. */
export type ScoreState = { content_version: string | null; fingerprint: string | null };

/** The ranking this process keeps for the podcast, with its fingerprint; no query (see currentRanking). */
export const keptRanking = (db: Db, podcastId: number) => rankings.get(db)?.kept.get(podcastId);

/**
 * The kept ranking `basis` when the podcast's score state, read in the same statement as a
 * page's flags, says it is the stored ranking of the current content (what ensureScores checks);
 * undefined: ask ensureScores (Entscheidung PRA-6: no statement of its own).
 */
export async function currentRanking(
  db: Database,
  podcastId: number,
  state: ScoreState | undefined,
  basis: { fingerprint: string; ranking: Ranking } | undefined,
) {
  if (!basis || !state?.fingerprint || state.fingerprint !== basis.fingerprint) return undefined;
  if (state.content_version !== (await contentVersion(db))) return undefined;
  return remember(db, podcastId, basis.fingerprint, basis.ranking);
}
