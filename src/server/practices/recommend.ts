// The recommendation engine against the database: each podcast's scores (recommend-engine.ts)
// are stored as one ranking per podcast (practice_score_states.ranking), ordered at read. They
// are refreshed when the podcast's goals or stage change (podcast-content-routes.ts), when a
// flag changes (podcast-practice-routes.ts), and lazily when the content was re-seeded since.
//
// For other slices (experiments, Kompass-KI tips): `bestPractices(db, podcastId, limit)`.
import { createHash } from 'node:crypto';
import { levelPoints, metric } from '../../shared/vocabulary.ts';
import type { Database, Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { contentVersion } from '../db/seed/seed.ts';
import { berlinDate } from '../../shared/calendar.ts';
import { loadEffects } from '../experiments/effect.ts';
import { currentFindings } from '../feed-check/feed-check-queries.ts';
import {
  EVIDENCE,
  practiceSimilarity,
  reasonsOf,
  scoreCodes,
  stageIndex,
  type Evidence,
  type MethodEvidence,
  type MethodProfile,
  type Points,
  type PodcastProfile,
  type Stored,
} from './recommend-engine.ts';

const points = (key: string | null | undefined) =>
  key && Object.hasOwn(levelPoints, key) ? levelPoints[key as keyof typeof levelPoints] : 0;

type Features = { version: string; methods: Map<number, MethodProfile> };
/** Per database (tests and the bench open several), the profiles of its current content. */
const cache = new WeakMap<Db, Features>();

/** Every method's profile (rating, effort context, keywords), read once per content version. */
export async function methodProfiles(db: Database): Promise<Map<number, MethodProfile>> {
  const version = await contentVersion(db);
  const cached = cache.get(db);
  if (cached?.version === version) return cached.methods;
  const [practices, ratings, contexts, keywords] = await Promise.all([
    db.selectFrom('practices').select('id').orderBy('id').execute(),
    db.selectFrom('practice_ratings').selectAll().execute(),
    db
      .selectFrom('practice_contexts')
      .select(['practice_id', 'commitment', 'investment', 'expansion', 'application'])
      .execute(),
    db.selectFrom('practice_keywords').select(['practice_id', 'keyword']).orderBy('position').execute(),
  ]);
  const methods = new Map<number, MethodProfile>();
  for (const { id } of practices) {
    methods.set(id, { potential: null, effort: null, keywords: [], application: null });
  }
  for (const r of ratings) {
    const m = methods.get(r.practice_id);
    if (m) m.potential = Object.fromEntries(metric.keys.map((k) => [k, points(r[k])])) as Points;
  }
  for (const c of contexts) {
    const m = methods.get(c.practice_id);
    if (!m) continue;
    m.effort = {
      commitment: stageIndex.commitment(c.commitment),
      investment: stageIndex.investment(c.investment),
      expansion: stageIndex.expansion(c.expansion),
    };
    m.application = c.application;
  }
  for (const k of keywords) (methods.get(k.practice_id)?.keywords as string[] | undefined)?.push(k.keyword);
  cache.set(db, { version, methods });
  return methods;
}

const SEVERITY_RANK = { error: 0, warning: 1, tip: 2 } as const;

/** The podcast's evidence: its newest Feed-Check and the goal scores of its ended experiments. */
export async function podcastEvidence(db: Db, podcastId: number, now: Date): Promise<Evidence> {
  const [findings, ended] = await Promise.all([
    currentFindings(db, podcastId),
    db
      .selectFrom('experiments')
      .select(['id', 'practice_id', 'starts_at', 'ends_at'])
      .where('podcast_id', '=', podcastId)
      .where('deleted_at', 'is', null)
      .where('ends_at', '<=', berlinDate(now))
      .execute(),
  ]);
  const feed: Evidence['feed'] = {};
  for (const f of findings) {
    const rank = SEVERITY_RANK[f.severity];
    for (const id of f.practices) if (!feed[id] || feed[id].rank > rank) feed[id] = { rank, key: f.key };
  }
  const effects = ended.length > 0 ? await loadEffects(db, podcastId, ended) : new Map();
  const tried = ended.flatMap((e) => {
    const score = effects.get(e.id)?.goal_score;
    return score === null || score === undefined ? [] : [{ practiceId: e.practice_id, score }];
  });
  return { feed, tried };
}

/** What the evidence says about each method (the tried methods' likeness computed here). */
export function methodEvidence(evidence: Evidence | undefined, methods: Map<number, MethodProfile>) {
  return (id: number, method: MethodProfile): MethodEvidence | undefined => {
    if (!evidence) return undefined;
    const tried = evidence.tried.flatMap((t) => {
      const other = methods.get(t.practiceId);
      const similarity = t.practiceId === id ? 1 : other ? practiceSimilarity(other, method) : 0;
      return similarity >= EVIDENCE.alike ? [{ score: t.score, similarity }] : [];
    });
    return { finding: evidence.feed[id], tried };
  };
}

/** The podcast's goals, stage and evidence as the engine reads them. */
export async function podcastProfile(db: Db, podcastId: number, now = new Date()): Promise<PodcastProfile> {
  const [objective, stage, evidence] = await Promise.all([
    db.selectFrom('podcast_objectives').selectAll().where('podcast_id', '=', podcastId).executeTakeFirst(),
    db.selectFrom('podcast_stages').selectAll().where('podcast_id', '=', podcastId).executeTakeFirst(),
    podcastEvidence(db, podcastId, now),
  ]);
  const goals = Object.fromEntries(metric.keys.map((k) => [k, points(objective?.[k])])) as Points;
  return {
    goals: metric.keys.some((k) => goals[k] > 0) ? goals : null,
    stage: {
      commitment: stageIndex.commitment(stage?.commitment),
      investment: stageIndex.investment(stage?.investment),
      expansion: stageIndex.expansion(stage?.expansion),
    },
    evidence,
  };
}

export async function flaggedIds(
  db: Db,
  table: 'practice_applications' | 'practice_rejections',
  podcastId: number,
) {
  const rows = await db.selectFrom(table).select('practice_id').where('podcast_id', '=', podcastId).execute();
  return new Set(rows.map((r) => r.practice_id));
}

/**
 * A podcast's scores as one ranking: per method (in id order) its similarity × 1000 and its
 * reason codes. Stored as one row (practice_score_states.ranking, JSON), ordered when a read
 * first needs the order, and kept in memory per podcast while its fingerprint is the stored one.
 * Decision 2026-11-26 (issue 25, goal change ≤ 30 ms at 10,000 methods): a goal change rewrote
 * 10,000 rows of practice_scores and their (podcast_id, score) index, 20 of its 39 ms CPU on
 * SQLite; one row of ~100 KB is written in well under a millisecond. Lists sort by the ranking
 * in JavaScript (podcast-practice-queries.ts: advicePage), no longer in SQL.
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

  /** Adds a method's score; in ascending id order. */
  add(id: number, score: Stored) {
    this.ids.push(id);
    this.values.push(Math.round(score.similarity * 1000));
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

  /** The method's similarity × 1000 and reason codes; undefined for a method it does not hold. */
  scoreOf(id: number): { value: number; codes: string } | undefined {
    const i = this.#indexOf(id);
    return i < 0 ? undefined : { value: this.values[i]!, codes: this.reasons[i]! };
  }

  /**
   * A method's place as one number: (1000 − score) · 2³² + id, smaller first, so best first and
   * equal scores by id (what `ORDER BY score DESC, id` gave); a method without a score counts as
   * −1, after all others. Exact in a double (scores 0–1000, ids below 2³²), and a Float64Array
   * of them sorts natively, a fifth of a comparator's time.
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

function remember(db: Db, podcastId: number, fingerprint: string, ranking: Ranking) {
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
async function storedRanking(db: Database, podcastId: number, fingerprint: string) {
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
 * undefined: ask ensureScores. Decision 2026-11-26 (issue 25): the state's own statement was a
 * third of a Pro method list's statements, on PostgreSQL a round trip.
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

const scoreState = preparedQuery((db: Database, podcastId: number) =>
  db
    .selectFrom('practice_score_states')
    .select(['content_version', 'fingerprint'])
    .where('podcast_id', '=', podcastId),
);

/** Bump when the score formula (recommend-engine.ts) changes: every podcast is refreshed again. */
const ENGINE_VERSION = '2';

/**
 * Recomputes all of a podcast's scores (after its goals, stage, evidence or flags changed) and
 * stores them as its ranking. The scores are a function of the content, the podcast's goals,
 * stage and evidence (Feed-Check, experiment effects) and its applied and rejected methods: when
 * the fingerprint of those is the one stored with the ranking, nothing can have changed and the
 * refresh stops there (decision 2026-11-26, issue 25: 135 ms at 10,000 methods for a refresh that
 * changed nothing). Two refreshes at once each write a whole ranking with its fingerprint.
 */
export async function refreshScores(db: Database, podcastId: number, now: Date): Promise<Ranking> {
  const [profile, applied, rejected, version, [state]] = await Promise.all([
    podcastProfile(db, podcastId, now),
    flaggedIds(db, 'practice_applications', podcastId),
    flaggedIds(db, 'practice_rejections', podcastId),
    contentVersion(db),
    scoreState(db, podcastId),
  ]);
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify([
        ENGINE_VERSION,
        version,
        profile,
        [...applied].sort((a, b) => a - b),
        [...rejected].sort((a, b) => a - b),
      ]),
    )
    .digest('base64url');
  if (state?.fingerprint === fingerprint) {
    const stored = await storedRanking(db, podcastId, fingerprint);
    if (stored) return stored;
  }
  const methods = await methodProfiles(db);
  const ranking = new Ranking([], [], []);
  const { evidence } = profile;
  // Without findings and tried methods, the evidence of every method is empty: skip asking.
  const evidenceOf =
    evidence && (evidence.tried.length > 0 || Object.keys(evidence.feed).length > 0)
      ? methodEvidence(evidence, methods)
      : undefined;
  const flags = { applied: false, rejected: false };
  for (const [id, method] of methods) {
    flags.applied = applied.has(id);
    flags.rejected = rejected.has(id);
    ranking.add(id, scoreCodes(profile, method, flags, evidenceOf?.(id, method)));
  }
  const row = {
    content_version: version,
    refreshed_at: now.toISOString(),
    fingerprint,
    ranking: JSON.stringify(ranking),
  };
  await db
    .insertInto('practice_score_states')
    .values({ podcast_id: podcastId, ...row })
    .onConflict((oc) => oc.column('podcast_id').doUpdateSet(row))
    .execute();
  return remember(db, podcastId, fingerprint, ranking);
}

/**
 * The podcast's ranking for the current content: the stored one, or refreshed when the content
 * was re-seeded since (or it was never computed). Its flags and goals keep it current themselves
 * (their routes refresh it).
 */
export async function ensureScores(
  db: Database,
  podcastId: number,
  now: Date,
  /** The podcast's state row when the caller read it already (flagRowOf), undefined: read here. */
  known?: ScoreState | null,
): Promise<Ranking> {
  const [[state], version] = await Promise.all([
    known === undefined ? scoreState(db, podcastId) : [known ?? undefined],
    contentVersion(db),
  ]);
  if (state?.content_version === version && state.fingerprint) {
    const stored = await storedRanking(db, podcastId, state.fingerprint);
    if (stored) return stored;
  }
  return refreshScores(db, podcastId, now);
}

export type BestPractice = { practice_id: number; title: string; similarity: number; reasons: string[] };

/**
 * The podcast's best methods, best first: never applied or rejected ones; equal scores by method
 * id. For any slice (the estimations route, Kompass-KI tips, experiments). It does not check the
 * plan or membership: the caller decides who may see scores.
 */
export async function bestPractices(
  db: Database,
  podcastId: number,
  limit: number,
  now: Date = new Date(),
): Promise<BestPractice[]> {
  const [ranking, applied, rejected] = await Promise.all([
    ensureScores(db, podcastId, now),
    flaggedIds(db, 'practice_applications', podcastId),
    flaggedIds(db, 'practice_rejections', podcastId),
  ]);
  const ids: number[] = [];
  for (const id of ranking.order) {
    if (ids.length === limit) break;
    if (!applied.has(id) && !rejected.has(id)) ids.push(id);
  }
  if (ids.length === 0) return [];
  const titles = new Map(
    (await db.selectFrom('practices').select(['id', 'title']).where('id', 'in', ids).execute()).map((p) => [
      p.id,
      p.title,
    ]),
  );
  return ids.flatMap((id) => {
    const title = titles.get(id);
    const score = ranking.scoreOf(id)!;
    return title === undefined
      ? []
      : [{ practice_id: id, title, similarity: score.value / 1000, reasons: reasonsOf(score.codes) }];
  });
}

/**
 * The methods most like `practiceId`, most similar first (ties by id); itself and `exclude` (a
 * podcast's rejected methods) left out.
 */
export async function similarPractices(
  db: Database,
  practiceId: number,
  limit: number,
  exclude: ReadonlySet<number> = new Set(),
) {
  const methods = await methodProfiles(db);
  const method = methods.get(practiceId);
  if (!method) return [];
  const scored: { id: number; similarity: number }[] = [];
  for (const [id, other] of methods) {
    if (id !== practiceId && !exclude.has(id))
      scored.push({ id, similarity: practiceSimilarity(method, other) });
  }
  return scored.sort((a, b) => b.similarity - a.similarity || a.id - b.id).slice(0, limit);
}

/** For the bench, which writes methods without a seed: forget the cached method profiles. */
export function forgetMethodProfiles(db: Db) {
  cache.delete(db);
}
