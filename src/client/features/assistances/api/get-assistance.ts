import { queryOptions, useQuery } from '@tanstack/react-query';
import { assistanceResource } from '../../../../shared/assistances.ts';
import { api } from '../../../api/client.ts';
import { parse } from '../../../api/parse.ts';

/** GET /api/assistances/{id}: one tip. */
export const assistanceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['assistance', id],
    queryFn: async () => (await api.get(`api/assistances/${id}`).json().then(parse(assistanceResource))).data,
  });

export const useAssistance = (id: number) => useQuery(assistanceQueryOptions(id));
