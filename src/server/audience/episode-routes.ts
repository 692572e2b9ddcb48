// GET /api/podcasts/{id}/audience-episodes: the feed's episodes with their downloads at equal age
// (episode-counts.ts), newest first, and the counted episodes the feed does not hold. Every role
// reads it (audience.read), Basic and Pro alike, like the days.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { audienceEpisodesResource, type AudienceEpisode } from '../../shared/audience-episodes.ts';
import { requirePodcast } from '../access/guard.ts';
import type { AppContext } from '../context.ts';
import { readEpisodeFigures, type EpisodeFigures } from './episode-counts.ts';

const FIXED = [1, 7, 30, 0] as const;

function episodeOf({ counts, ...episode }: EpisodeFigures): AudienceEpisode {
  const ages: Record<string, number> = {};
  for (const [age, value] of counts)
    if (!(FIXED as readonly number[]).includes(age)) ages[String(age)] = value;
  return {
    ...episode,
    downloads_1: counts.get(1) ?? null,
    downloads_7: counts.get(7) ?? null,
    downloads_30: counts.get(30) ?? null,
    downloads_all: counts.get(0) ?? null,
    ages,
  };
}

export function audienceEpisodeRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/podcasts/:id/audience-episodes',
    {
      schema: { params: idParam, response: { 200: audienceEpisodesResource } },
      config: { podcast: { action: 'audience.read' } },
    },
    async (request) => {
      const podcastId = requirePodcast(request).podcast.id;
      const today = clock.now().toISOString().slice(0, 10);
      const { episodes, unmatched } = await readEpisodeFigures(db, podcastId, today);
      return { data: { episodes: episodes.map(episodeOf), unmatched } };
    },
  );
}
