// What the tip rules read from the other slices: the podcast's experiments (with whether they
// were evaluated), the recommendation engine's best methods, and the bookmarks.
import type { Database } from '../../db/database.ts';
import { bestPractices } from '../../practices/recommend.ts';

export type TipExperiment = {
  id: number;
  title: string;
  practice_id: number;
  starts_at: string;
  ends_at: string;
  /** A final evaluation was recorded for it. */
  evaluated: boolean;
};

export type TipPractice = { id: number; title: string; score: number; reasons: string[] };

export type TipBookmark = { practice_id: number; title: string; created_at: string };

/** How many of the best methods the rules look at (the welcome names the first). */
const RECOMMENDED = 10;

export async function tipExperiments(db: Database, podcastId: number): Promise<TipExperiment[]> {
  const rows = await db
    .selectFrom('experiments')
    .select(['id', 'title', 'practice_id', 'starts_at', 'ends_at'])
    .select((eb) =>
      eb
        .selectFrom('podcast_metrics')
        .select((m) => m.fn.countAll<number>().as('n'))
        .whereRef('podcast_metrics.experiment_id', '=', 'experiments.id')
        .where('podcast_metrics.evaluation', '=', 'final')
        .as('finals'),
    )
    .where('podcast_id', '=', podcastId)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map(({ finals, ...e }) => ({ ...e, evaluated: Number(finals) > 0 }));
}

export async function tipRecommendations(db: Database, podcastId: number, now: Date): Promise<TipPractice[]> {
  const best = await bestPractices(db, podcastId, RECOMMENDED, now);
  return best.map((p) => ({ id: p.practice_id, title: p.title, score: p.similarity, reasons: p.reasons }));
}

export async function tipBookmarks(db: Database, podcastId: number): Promise<TipBookmark[]> {
  return db
    .selectFrom('practice_bookmarks as b')
    .innerJoin('practices as p', 'p.id', 'b.practice_id')
    .select(['b.practice_id', 'p.title', 'b.created_at'])
    .where('b.podcast_id', '=', podcastId)
    .execute();
}
