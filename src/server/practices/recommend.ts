// The recommendation engine against the database: each podcast's scores (recommend-engine.ts)
// are stored as one ranking per podcast (practice_score_states.ranking), ordered at read. They
// are refreshed when the podcast's goals or stage change (objective-routes.ts, stage-routes.ts), when a
// flag changes (podcast-practice-routes.ts), and lazily when the content was re-seeded since.
//
// For other slices (experiments, Kompass-KI tips): `bestPractices(db, podcastId, limit)`.
import { createHash } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { contentVersion } from '../db/seed/seed.ts';
import { practiceSimilarity, scoreCodes, type PodcastProfile } from './recommend-engine.ts';
import { reasonsOf } from './reasons.ts';
import { flaggedIds, methodEvidence, methodProfiles, podcastProfile } from './engine-inputs.ts';
import { Ranking, remember, storedRanking, type ScoreState } from './ranking.ts';

const scoreState = preparedQuery((db: Database, podcastId: number) =>
  db
    .selectFrom('practice_score_states')
    .select(['content_version', 'fingerprint', 'generation'])
    .where('podcast_id', '=', podcastId),
);

/** Bump when the score formula (recommend-engine.ts) changes: every podcast is refreshed again. */
const ENGINE_VERSION = '4';

/** Refreshes that found their ranking overwritten before they stored it try again this often. */
const ATTEMPTS = 5;

/**
 * Recomputes all of a podcast's scores (after its goals, stage, evidence or flags changed) and
 * stores them as its ranking. The scores are a function of the content, the podcast's goals,
 * stage and evidence (Feed-Check, experiment effects) and its applied and rejected methods: when
 * the fingerprint of those is the one stored with the ranking, nothing can have changed and the
 * refresh stops there (Entscheidung PRA-8). A refresh stores its ranking only over the one it read
 * before its inputs, else it reads again (Entscheidung PRA-12).
 */
export async function refreshScores(db: Database, podcastId: number, now: Date): Promise<Ranking> {
  for (let attempt = 1; ; attempt++) {
    // The state first, then the inputs: whatever was stored before this read is older than them.
    const [state] = await scoreState(db, podcastId);
    const [profile, applied, rejected, version] = await Promise.all([
      podcastProfile(db, podcastId, now),
      flaggedIds(db, 'practice_applications', podcastId),
      flaggedIds(db, 'practice_rejections', podcastId),
      contentVersion(db),
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
    const ranking = await computeRanking(db, profile, applied, rejected);
    const row = { content_version: version, refreshed_at: now.toISOString(), fingerprint, ranking };
    // Another refresh stored in between: its inputs may be newer than these, so read again; after
    // ATTEMPTS the ranking is answered unstored (the others' refreshes store theirs).
    if (await storeRanking(db, podcastId, state?.generation, row)) {
      return remember(db, podcastId, fingerprint, ranking);
    }
    if (attempt === ATTEMPTS) return ranking;
  }
}

async function computeRanking(
  db: Database,
  profile: PodcastProfile,
  applied: ReadonlySet<number>,
  rejected: ReadonlySet<number>,
) {
  const methods = await methodProfiles(db);
  const ranking = new Ranking([], [], []);
  const { evidence } = profile;
  // Without findings and tried methods, the evidence of every method is empty: skip asking.
  const evidenceOf =
    evidence &&
    (evidence.tried.length > 0 ||
      Object.keys(evidence.feed).length > 0 ||
      Object.keys(evidence.pooled ?? {}).length > 0)
      ? methodEvidence(evidence, methods)
      : undefined;
  const flags = { applied: false, rejected: false };
  for (const [id, method] of methods) {
    flags.applied = applied.has(id);
    flags.rejected = rejected.has(id);
    ranking.add(id, scoreCodes(profile, method, flags, evidenceOf?.(id, method)));
  }
  return ranking;
}

/**
 * Stores the ranking over the generation read (none: the podcast's first ranking); false when
 * another refresh stored one since.
 */
async function storeRanking(
  db: Database,
  podcastId: number,
  generation: number | undefined,
  values: { content_version: string; refreshed_at: string; fingerprint: string; ranking: Ranking },
) {
  const row = { ...values, ranking: JSON.stringify(values.ranking) };
  const result =
    generation === undefined
      ? await db
          .insertInto('practice_score_states')
          .values({ podcast_id: podcastId, ...row, generation: 1 })
          .onConflict((oc) => oc.column('podcast_id').doNothing())
          .executeTakeFirst()
      : await db
          .updateTable('practice_score_states')
          .set({ ...row, generation: generation + 1 })
          .where('podcast_id', '=', podcastId)
          .where('generation', '=', generation)
          .executeTakeFirst();
  const changed =
    'numInsertedOrUpdatedRows' in result ? result.numInsertedOrUpdatedRows : result.numUpdatedRows;
  return Number(changed ?? 0) === 1;
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
 * The podcast's best methods, best first: never applied or rejected ones, nor one without a
 * score (no rating: it is not recommended, and it has no percentage to show); equal scores by method
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
    // The unscored come last in the order: none after them has a score either.
    if (ids.length === limit || ranking.scoreOf(id)?.similarity === null) break;
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
      : [{ practice_id: id, title, similarity: score.similarity!, reasons: reasonsOf(score.codes) }];
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
