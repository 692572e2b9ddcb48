// The per-episode view of 'Hörerzahlen': GET /api/podcasts/{id}/audience-episodes answers the
// feed's episodes with their downloads at equal age (from OP3's episode counts or an uploaded
// episode table, server/audience/episode-counts.ts) and the counted episodes the feed does not hold.
import { z } from 'zod';
import { isoDate, resource } from './api.ts';
import { audienceSourceType } from './audience-vocabulary.ts';

/** The ages the view compares at (days); 0 is the total so far. */
export const EPISODE_AGES = [1, 7, 30] as const;

const figure = z.number().nullable();

export const audienceEpisode = z.object({
  guid: z.string(),
  title: z.string(),
  published_on: isoDate.nullable(),
  /** Where the figures come from; null: no source counts this episode. */
  source: z.enum(audienceSourceType).nullable(),
  /** Downloads in the first 1/7/30 days (null: no figure, or the episode is younger). */
  downloads_1: figure,
  downloads_7: figure,
  downloads_30: figure,
  /** Downloads so far. */
  downloads_all: figure,
  /** Every other age the source gives, days → downloads (`{ "14": 812 }`). */
  ages: z.record(z.string(), z.number()),
});
export type AudienceEpisode = z.infer<typeof audienceEpisode>;

export const audienceEpisodesResource = resource(
  z.object({
    episodes: z.array(audienceEpisode),
    /** Counted episodes that match no episode of the feed (neither guid, title nor day). */
    unmatched: z.array(
      z.object({
        title: z.string().nullable(),
        published_on: isoDate.nullable(),
        source: z.enum(audienceSourceType),
      }),
    ),
  }),
);
export type AudienceEpisodes = z.infer<typeof audienceEpisodesResource>['data'];
