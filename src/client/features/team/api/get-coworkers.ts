import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

/** GET /api/coworkers: everyone the user shares an active podcast with. */
export const coworkersQueryOptions = () =>
  queryOptions({
    queryKey: ['coworkers'] as const,
    queryFn: async () =>
      (
        await api
          .get('api/coworkers')
          .json()
          .then(parseLazily(() => import('../../../../shared/team.ts').then((m) => m.coworkersResponse)))
      ).data,
  });

export const useCoworkers = () => useQuery(coworkersQueryOptions());
