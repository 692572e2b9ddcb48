import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { READS } from '../../../../shared/reads.ts';
import { parseLazily } from '../../../api/parse.ts';

/** GET /api/compilations: every set (editions, then playbooks). */
export const compilationsQueryOptions = () =>
  queryOptions({
    queryKey: ['compilations'],
    // Sets change when the team publishes one, not while a user looks: the dashboard's loader
    // asks for them early, and its widget takes that answer instead of asking again.
    staleTime: 5 * 60_000,
    queryFn: async () =>
      (
        await api
          .read(READS.compilations({}))
          .json()
          .then(
            parseLazily(() =>
              import('../../../../shared/compilations.ts').then((m) => m.compilationsResponse),
            ),
          )
      ).data,
  });

export const useCompilations = () => useQuery(compilationsQueryOptions());

/** GET /api/compilations/{id}: one set with its methods in the set's order. */
export const useCompilation = (id: number) =>
  useQuery({
    queryKey: ['compilations', id],
    queryFn: async () =>
      (
        await api
          .get(`api/compilations/${id}`)
          .json()
          .then(
            parseLazily(() =>
              import('../../../../shared/compilations.ts').then((m) => m.compilationResponse),
            ),
          )
      ).data,
  });
