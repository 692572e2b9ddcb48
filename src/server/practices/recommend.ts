// The recommendation engine against the database: each podcast's scores (recommend-engine.ts)
// are stored in practice_scores, so lists sort and page by them in SQL. They are refreshed when
// the podcast's goals or stage change (podcast-content-routes.ts), for one method when a flag
// changes (podcast-practice-routes.ts), and lazily when the content was re-seeded since.
//
// For other slices (experiments, Kompass-KI tips): `bestPractices(db, podcastId, limit)`.
import { createHash } from 'node:crypto';
import { levelPoints, metric } from '../../shared/vocabulary.ts';
import { sql } from 'kysely';
import type { Database, Db, Engine } from '../db/database.ts';
import { withTx } from '../db/database.ts';
import { contentVersion } from '../db/seed/seed.ts';
import { preparedQuery } from '../db/prepared-query.ts';
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
 * Upserts a podcast's scores in one statement, however many (a goal change rewrites all 10,000):
 * the rows travel as one JSON text (SQLite, json_each) or as three arrays (PostgreSQL, unnest),
 * so the statement's text is always the same (prepared once, named on PostgreSQL) and Kysely
 * compiles no 40,000 values. An upsert, not delete + insert: two refreshes of one podcast at once
 * cannot collide. Decision 2026-11-26 (issue 25: 1000-row chunks built by Kysely took most of the
 * 222 ms of a refresh after a goal change).
 */
async function storeScores(db: Db, engine: Engine, podcastId: number, scores: StoredColumns) {
  const { ids, values, reasons } = scores;
  if (ids.length === 0) return;
  const rows =
    engine === 'postgres'
      ? sql`select ${podcastId}::integer, * from unnest(${ids}::integer[], ${values}::integer[], ${reasons}::text[])`
      : sql`select ${podcastId}, value ->> 0, value ->> 1, value ->> 2
              from json_each(${JSON.stringify(ids.map((id, i) => [id, values[i], reasons[i]]))}) where true`;
  // The database skips the rows whose score and reasons are already stored (no write, no index
  // update): the refresh does not read the stored scores to compare them in JavaScript, which
  // took a third of a refresh after a goal change (issue 25, 2026-11-26).
  await sql`insert into practice_scores (podcast_id, practice_id, score, reasons) ${rows}
    on conflict (podcast_id, practice_id) do update set score = excluded.score, reasons = excluded.reasons
    where practice_scores.score <> excluded.score or practice_scores.reasons <> excluded.reasons`.execute(db);
}

/** Scores as the store writes them: method ids, similarity × 1000, reason codes. */
type StoredColumns = { ids: number[]; values: number[]; reasons: string[] };
const storedColumns = (): StoredColumns => ({ ids: [], values: [], reasons: [] });
function addScore(columns: StoredColumns, id: number, score: Stored) {
  columns.ids.push(id);
  columns.values.push(Math.round(score.similarity * 1000));
  columns.reasons.push(score.codes);
}

/** Bump when the score formula (recommend-engine.ts) changes: every podcast is refreshed again. */
const ENGINE_VERSION = '2';

/**
 * Recomputes all of a podcast's scores (after its goals or stage changed) and stores those that
 * changed (the upsert skips the others); a podcast's first refresh stores them all. The scores are a function of the content,
 * the podcast's goals, stage and evidence (Feed-Check, experiment effects) and its applied and
 * rejected methods: when the fingerprint of
 * those is the one stored with the scores, nothing can have changed and the refresh stops there
 * (decision 2026-11-26, issue 25: 135 ms at 10,000 methods for a refresh that changed nothing).
 */
export async function refreshScores(db: Database, podcastId: number, now: Date) {
  const [profile, applied, rejected, version, state] = await Promise.all([
    podcastProfile(db, podcastId, now),
    flaggedIds(db, 'practice_applications', podcastId),
    flaggedIds(db, 'practice_rejections', podcastId),
    contentVersion(db),
    db
      .selectFrom('practice_score_states')
      .select('fingerprint')
      .where('podcast_id', '=', podcastId)
      .executeTakeFirst(),
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
  if (state?.fingerprint === fingerprint) return;
  const methods = await methodProfiles(db);
  const scores = storedColumns();
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
    addScore(scores, id, scoreCodes(profile, method, flags, evidenceOf?.(id, method)));
  }
  await withTx(db, async (tx) => {
    await storeScores(tx, db.engine, podcastId, scores);
    const state = { content_version: version, refreshed_at: now.toISOString(), fingerprint };
    await tx
      .insertInto('practice_score_states')
      .values({ podcast_id: podcastId, ...state })
      .onConflict((oc) => oc.column('podcast_id').doUpdateSet(state))
      .execute();
  });
}

/** Recomputes one method's score for a podcast (after a flag of it changed). */
export async function refreshScore(db: Database, podcastId: number, practiceId: number, now = new Date()) {
  const methods = await methodProfiles(db);
  const method = methods.get(practiceId);
  if (!method) return;
  const [profile, applied, rejected] = await Promise.all([
    podcastProfile(db, podcastId, now),
    db
      .selectFrom('practice_applications')
      .select('id')
      .where('podcast_id', '=', podcastId)
      .where('practice_id', '=', practiceId)
      .executeTakeFirst(),
    db
      .selectFrom('practice_rejections')
      .select('id')
      .where('podcast_id', '=', podcastId)
      .where('practice_id', '=', practiceId)
      .executeTakeFirst(),
  ]);
  const evidence = methodEvidence(profile.evidence, methods)(practiceId, method);
  const score = scoreCodes(profile, method, { applied: !!applied, rejected: !!rejected }, evidence);
  const scores = storedColumns();
  addScore(scores, practiceId, score);
  await storeScores(db, db.engine, podcastId, scores);
}

// Read before every Pro list and method read: built and compiled once (prepared-query.ts).
const scoreState = preparedQuery((db: Database, podcastId: number) =>
  db.selectFrom('practice_score_states').select('content_version').where('podcast_id', '=', podcastId),
);

/** Makes sure the podcast's stored scores exist for the current content; refreshes them if not. */
export async function ensureScores(db: Database, podcastId: number, now: Date) {
  const [[state], version] = await Promise.all([scoreState(db, podcastId), contentVersion(db)]);
  if (state?.content_version !== version) await refreshScores(db, podcastId, now);
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
  await ensureScores(db, podcastId, now);
  const rows = await db
    .selectFrom('practice_scores as s')
    .innerJoin('practices as p', 'p.id', 's.practice_id')
    .select(['s.practice_id', 'p.title', 's.score', 's.reasons'])
    .where('s.podcast_id', '=', podcastId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('practice_applications as a')
            .select('a.id')
            .whereRef('a.podcast_id', '=', 's.podcast_id')
            .whereRef('a.practice_id', '=', 's.practice_id'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('practice_rejections as r')
            .select('r.id')
            .whereRef('r.podcast_id', '=', 's.podcast_id')
            .whereRef('r.practice_id', '=', 's.practice_id'),
        ),
      ),
    )
    .orderBy('s.score', 'desc')
    .orderBy('s.practice_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    practice_id: r.practice_id,
    title: r.title,
    similarity: r.score / 1000,
    reasons: reasonsOf(r.reasons),
  }));
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
