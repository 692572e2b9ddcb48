// GET …/audience-episodes (src/shared/audience-episodes.ts): the feed's episodes with their
// downloads at equal age, from OP3's episode counts or an uploaded episode table. Under the
// podcast's audience key, so a new upload or source refetches it with the days.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';
import { audienceKey } from './audience.ts';

export const audienceEpisodesQueryOptions = (podcastId: number) =>
  queryOptions({
    queryKey: [...audienceKey(podcastId), 'episodes'],
    queryFn: async () =>
      (
        await api
          .get(`api/podcasts/${podcastId}/audience-episodes`)
          .json()
          .then(
            parseLazily(() =>
              import('../../../../shared/audience-episodes.ts').then((m) => m.audienceEpisodesResource),
            ),
          )
      ).data,
  });

export const useAudienceEpisodes = (podcastId: number) => useQuery(audienceEpisodesQueryOptions(podcastId));
