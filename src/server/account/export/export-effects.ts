// experiment_effects.json: each experiment of the owned podcasts with its effect as the
// experiment's page shows it ('Wirkung': the typed before/after and the measured effect on the
// downloads), computed now, as of `today`.
import type { Db } from '../../db/database.ts';
import { loadEffects } from '../../experiments/effect.ts';
import type { ExportScope } from './export-tables.ts';

export async function experimentEffects(db: Db, scope: ExportScope, today: string) {
  const result = [];
  for (const podcastId of scope.owned) {
    const experiments = await db
      .selectFrom('experiments')
      .select(['id', 'title', 'starts_at', 'ends_at'])
      .where('podcast_id', '=', podcastId)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    const effects = await loadEffects(db, podcastId, experiments, today);
    for (const { id, ...experiment } of experiments)
      result.push({
        podcast_id: podcastId,
        experiment_id: id,
        ...experiment,
        effect: effects.get(id) ?? null,
      });
  }
  return { computed_on: today, experiments: result };
}
