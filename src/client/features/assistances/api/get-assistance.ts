import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

/** GET /api/assistances/{id}: one tip. */
export const assistanceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['assistance', id],
    queryFn: async () =>
      (
        await api
          .get(`api/assistances/${id}`)
          .json()
          .then(
            parseLazily(() => import('../../../../shared/assistances.ts').then((m) => m.assistanceResource)),
          )
      ).data,
  });

export const useAssistance = (id: number) => useQuery(assistanceQueryOptions(id));
