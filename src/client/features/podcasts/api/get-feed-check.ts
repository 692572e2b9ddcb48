import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeedCheck } from '../../../../shared/feed-check.ts';
import { api } from '../../../api/client.ts';
import { READS } from '../../../../shared/reads.ts';
import { apiError, httpStatus } from '../../../api/errors.ts';
import { parseLazily } from '../../../api/parse.ts';
import { unlessJustLoaded } from '../../../lib/loaded-for-mount.ts';

export const feedCheckQueryKey = (podcastId: number) => ['podcast', podcastId, 'feed-check'] as const;

/** The latest report, or (404: no report yet, no feed) the server's German reason instead. */
export type FeedCheckAnswer = { check: FeedCheck; missing: null } | { check: null; missing: string };

/** GET /api/podcasts/{id}/feed-check. */
export const getFeedCheck = async (podcastId: number): Promise<FeedCheckAnswer> => {
  try {
    const body = await api.read(READS.feedCheck({ podcast: podcastId })).json();
    return {
      check: (
        await parseLazily(() => import('../../../../shared/feed-check.ts').then((m) => m.feedCheckResource))(
          body,
        )
      ).data,
      missing: null,
    };
  } catch (error) {
    if (httpStatus(error) === 404) return { check: null, missing: apiError(error).message };
    throw error;
  }
};

export const feedCheckQueryOptions = (podcastId: number) =>
  queryOptions({
    refetchOnMount: unlessJustLoaded,
    queryKey: feedCheckQueryKey(podcastId),
    queryFn: () => getFeedCheck(podcastId),
  });

export const useFeedCheck = (podcastId: number, enabled = true) =>
  useQuery({ ...feedCheckQueryOptions(podcastId), enabled });
