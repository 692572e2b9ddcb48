// Reads of the pooled effects (pooled-evidence.md): a podcast's kind, the published figures for
// it (the engine's evidence and the method screens), and the opt-out.
import type { PooledEffect } from '../../shared/pooled-effect-text.ts';
import type { Db } from '../db/database.ts';
import { kindKey, rhythmClass, sizeClass, type Kind } from './pooled-kinds.ts';
import { MIN_CONTRIBUTORS } from './pooled-publish.ts';

/** The podcast setting 'Meine Messungen nicht für andere verwenden': the control series reads it too. */
export { PRIVATE_SETTING } from '../audience/control-series.ts';

/** The podcast's kind now: its stage's audience size and its feed's rhythm. */
export async function kindOf(db: Db, podcastId: number): Promise<Kind> {
  const [stage, check] = await Promise.all([
    db
      .selectFrom('podcast_stages')
      .select('expansion')
      .where('podcast_id', '=', podcastId)
      .executeTakeFirst(),
    db
      .selectFrom('feed_checks')
      .select('rhythm')
      .where('podcast_id', '=', podcastId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const rhythm = check ? (JSON.parse(check.rhythm) as { median_days?: number | null }) : null;
  return { size: sizeClass(stage?.expansion), rhythm: rhythmClass(rhythm?.median_days) };
}

/** The published figures for podcasts of `kind`, by method. */
export async function publishedFor(db: Db, kind: Kind) {
  const rows = await db
    .selectFrom('practice_pooled_effects')
    .selectAll()
    .where('kind', '=', kindKey(kind))
    .orderBy('practice_id')
    .execute();
  return new Map(rows.map((r) => [r.practice_id, r]));
}

/** Every method anyone measured, as the podcast's screens show it (GET …/pooled-effects). */
export async function pooledEffects(db: Db, podcastId: number): Promise<PooledEffect[]> {
  const [states, published] = await Promise.all([
    db.selectFrom('practice_pooled_states').selectAll().orderBy('practice_id').execute(),
    kindOf(db, podcastId).then((kind) => publishedFor(db, kind)),
  ]);
  return states
    .filter((s) => s.experiments > 0 || published.has(s.practice_id))
    .map((s) => {
      const f = s.shown ? published.get(s.practice_id) : undefined;
      return {
        practice_id: s.practice_id,
        shown: f !== undefined,
        contributors: s.contributors,
        needed: MIN_CONTRIBUTORS,
        experiments: f?.experiments ?? null,
        podcasts: f?.podcasts ?? null,
        similar: f?.similar ?? null,
        fallback: f ? f.fallback === 1 : null,
        effect: f?.effect ?? null,
        low: f?.low ?? null,
        high: f?.high ?? null,
        spread: f?.spread ?? null,
      };
    });
}

/**
 * The opt-out: a podcast that sets PRIVATE_SETTING to '1' loses its contributions at once (the job
 * recomputes their methods at its next run and measures none of its experiments while it is set).
 */
export async function forgetContributions(db: Db, podcastId: number) {
  await db.deleteFrom('practice_effect_contributions').where('podcast_id', '=', podcastId).execute();
}
