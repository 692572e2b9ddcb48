// What the recommendation engine reads of the database (recommend.ts runs it): every method's
// profile (kept per content version), a podcast's profile (goals, stage), its evidence
// (Feed-Check findings, experiment effects) and its flagged methods.
import { levelPoints, metric } from '../../shared/vocabulary.ts';
import type { Database, Db } from '../db/database.ts';
import { contentVersion } from '../db/seed/seed.ts';
import { berlinDate } from '../../shared/calendar.ts';
import { loadEffects } from '../experiments/effect.ts';
import { effectScore } from '../experiments/audience-effect.ts';
import { currentFindings } from '../feed-check/feed-check-queries.ts';
import { kindOf, publishedFor } from './pooled-queries.ts';
import {
  EVIDENCE,
  practiceSimilarity,
  stageIndex,
  type Evidence,
  type MethodEvidence,
  type MethodProfile,
  type Points,
  type PodcastProfile,
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
  const [findings, ended, published] = await Promise.all([
    currentFindings(db, podcastId),
    db
      .selectFrom('experiments')
      .select(['id', 'practice_id', 'starts_at', 'ends_at'])
      .where('podcast_id', '=', podcastId)
      .where('deleted_at', 'is', null)
      .where('ends_at', '<=', berlinDate(now))
      .execute(),
    kindOf(db, podcastId).then((kind) => publishedFor(db, kind)),
  ]);
  const feed: Evidence['feed'] = {};
  for (const f of findings) {
    const rank = SEVERITY_RANK[f.severity];
    for (const id of f.practices) if (!feed[id] || feed[id].rank > rank) feed[id] = { rank, key: f.key };
  }
  const effects = ended.length > 0 ? await loadEffects(db, podcastId, ended, berlinDate(now)) : new Map();
  const tried = ended.flatMap((e) => {
    // The effect on the downloads where it was measured, else the typed goal score.
    const score = effectScore(effects.get(e.id));
    return score === null || score === undefined ? [] : [{ practiceId: e.practice_id, score }];
  });
  // What other podcasts measured, as published (whole percents): no finer than what anyone sees.
  const pooled: NonNullable<Evidence['pooled']> = {};
  for (const [id, f] of published) pooled[id] = [f.effect, f.low, f.high, f.fallback];
  return { feed, tried, pooled };
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
    const p = evidence.pooled?.[id];
    return {
      finding: evidence.feed[id],
      tried,
      pooled: p && { low: p[1], high: p[2], fallback: p[3] === 1 },
    };
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

/** For the bench, which writes methods without a seed: forget the cached method profiles. */
export function forgetMethodProfiles(db: Db) {
  cache.delete(db);
}
