import { queryOptions, useQuery } from '@tanstack/react-query';
import { coworkersResponse } from '../../../../shared/team.ts';
import { api } from '../../../api/client.ts';
import { parse } from '../../../api/parse.ts';

/** GET /api/coworkers: everyone the user shares an active podcast with. */
export const coworkersQueryOptions = () =>
  queryOptions({
    queryKey: ['coworkers'] as const,
    queryFn: async () => (await api.get('api/coworkers').json().then(parse(coworkersResponse))).data,
  });

export const useCoworkers = () => useQuery(coworkersQueryOptions());
