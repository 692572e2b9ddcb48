// The per-episode side of experiments' effects: the podcast's episodes with their counts by age
// (audience/episode-counts.ts), read once for all of `experiments`, compared per run
// (audience/episode-effect.ts). `today` (Berlin) keeps ages not yet lived out; without it, today's
// UTC date.
import { readEpisodeFigures } from '../audience/episode-counts.ts';
import { episodeEffect } from '../audience/episode-effect.ts';
import type { Db } from '../db/database.ts';
import type { EpisodeEffect } from '../../shared/episode-effect.ts';

type Span = { id: number; starts_at: string; ends_at: string };

export async function loadEpisodeEffects(
  db: Db,
  podcastId: number,
  experiments: Span[],
  today = new Date().toISOString().slice(0, 10),
): Promise<Map<number, EpisodeEffect | null>> {
  const effects = new Map<number, EpisodeEffect | null>();
  if (experiments.length === 0) return effects;
  const { episodes } = await readEpisodeFigures(db, podcastId, today);
  for (const e of experiments) {
    effects.set(e.id, episodeEffect(episodes, e.starts_at.slice(0, 10), e.ends_at.slice(0, 10)));
  }
  return effects;
}
