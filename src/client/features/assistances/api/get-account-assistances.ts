import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

/** GET /api/account/assistances: the tips of all the user's Pro podcasts, newest first. */
export const accountAssistancesQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'assistances'],
    queryFn: async () =>
      (
        await api
          .get('api/account/assistances')
          .json()
          .then(
            parseLazily(() =>
              import('../../../../shared/assistances.ts').then((m) => m.accountAssistancesCollection),
            ),
          )
      ).data,
  });

export const useAccountAssistances = () => useQuery(accountAssistancesQueryOptions());
