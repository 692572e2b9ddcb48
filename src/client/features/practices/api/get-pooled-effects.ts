// GET /api/podcasts/{id}/pooled-effects: what other podcasts measured of each method, for this
// podcast's kind ('Bei 23 Podcasts wie deinem …'). A first-screen read of the method list and a
// method's overview (src/shared/first-screens.ts: embedded in their page, never awaited by a
// loader), parsed lazily like the other method answers; under the podcast's method key, so a
// change of stage or goals refetches it with the rest.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PooledEffect } from '../../../../shared/pooled-effect-text.ts';
import { api } from '../../../api/client.ts';
import { READS } from '../../../../shared/reads.ts';
import { parseLazily } from '../../../api/parse.ts';
import { methodsQueryKey } from './get-practice.ts';

export const pooledEffectsQueryOptions = (podcastId: number) =>
  queryOptions({
    queryKey: [...methodsQueryKey(podcastId), 'pooled-effects'],
    queryFn: async (): Promise<PooledEffect[]> =>
      (
        await api
          .read(READS.pooledEffects({ podcast: podcastId }))
          .json()
          .then(
            parseLazily(() =>
              import('../../../../shared/pooled-effects.ts').then((m) => m.pooledEffectsResponse),
            ),
          )
      ).data,
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The method's pooled effect; null when nobody measured it, undefined while loading or after a failure. */
export function usePooledEffect(podcastId: number, practiceId: number) {
  const { data } = useQuery(pooledEffectsQueryOptions(podcastId));
  return data && (data.find((p) => p.practice_id === practiceId) ?? null);
}

/** All of them by method id, for a list of cards. */
export function usePooledEffects(podcastId: number) {
  const { data } = useQuery(pooledEffectsQueryOptions(podcastId));
  return new Map((data ?? []).map((p) => [p.practice_id, p]));
}
