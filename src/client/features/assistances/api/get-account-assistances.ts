import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountAssistancesCollection } from '../../../../shared/assistances.ts';
import { api } from '../../../api/client.ts';
import { parse } from '../../../api/parse.ts';

/** GET /api/account/assistances: the tips of all the user's Pro podcasts, newest first. */
export const accountAssistancesQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'assistances'],
    queryFn: async () =>
      (await api.get('api/account/assistances').json().then(parse(accountAssistancesCollection))).data,
  });

export const useAccountAssistances = () => useQuery(accountAssistancesQueryOptions());
