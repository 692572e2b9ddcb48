// Before an experiment: GET /api/podcasts/{id}/effect-detectable?days=N (what Kompass will be able
// to tell after N days, from the podcast's own downloads), for the experiment form.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

export const useEffectDetectable = (podcastId: number, days: number | null) =>
  useQuery({
    queryKey: ['podcast', podcastId, 'effect-detectable', days],
    queryFn: async () =>
      (
        await api
          .get(`api/podcasts/${podcastId}/effect-detectable`, { searchParams: { days: days! } })
          .json()
          .then(
            parseLazily(() =>
              import('../../../../shared/effect-detectable.ts').then((m) => m.effectDetectableResource),
            ),
          )
      ).data,
    enabled: days !== null,
    // While other dates are asked for, the last answer stays (no flicker while typing a date).
    placeholderData: keepPreviousData,
    staleTime: 10 * 60_000,
  });
