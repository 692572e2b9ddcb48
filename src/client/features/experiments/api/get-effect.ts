// 'Wirkung': GET /api/experiments/{id}/effect and GET /api/podcasts/{id}/effects.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { READS } from '../../../../shared/reads.ts';
import { parseLazily } from '../../../api/parse.ts';
import { experimentQueryKey } from './query-keys.ts';
import { unlessJustLoaded } from '../../../lib/loaded-for-mount.ts';

export const experimentEffectQueryOptions = (id: number) =>
  queryOptions({
    refetchOnMount: unlessJustLoaded,
    queryKey: [...experimentQueryKey(id), 'effect'],
    queryFn: async () =>
      (
        await api
          .read(READS.effect({ experiment: id }))
          .json()
          .then(
            parseLazily(() =>
              import('../../../../shared/experiment-effect.ts').then((m) => m.effectResource),
            ),
          )
      ).data,
  });

export const useExperimentEffect = (id: number) => useQuery(experimentEffectQueryOptions(id));

/** The podcast's ended experiments with enough data, best goal score first. */
export const usePodcastEffects = (podcastId: number, enabled = true) =>
  useQuery({
    queryKey: ['podcast', podcastId, 'effects'],
    queryFn: async () =>
      (
        await api
          .get(`api/podcasts/${podcastId}/effects`)
          .json()
          .then(
            parseLazily(() =>
              import('../../../../shared/experiment-effect.ts').then((m) => m.effectListResource),
            ),
          )
      ).data,
    enabled,
  });
