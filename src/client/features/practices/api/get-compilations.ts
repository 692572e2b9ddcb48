import { useQuery } from '@tanstack/react-query';
import { compilationResponse, compilationsResponse } from '../../../../shared/compilations.ts';
import { api } from '../../../api/client.ts';
import { parse } from '../../../api/parse.ts';

/** GET /api/compilations: every set (editions, then playbooks). */
export const useCompilations = () =>
  useQuery({
    queryKey: ['compilations'],
    queryFn: async () => (await api.get('api/compilations').json().then(parse(compilationsResponse))).data,
  });

/** GET /api/compilations/{id}: one set with its methods in the set's order. */
export const useCompilation = (id: number) =>
  useQuery({
    queryKey: ['compilations', id],
    queryFn: async () =>
      (await api.get(`api/compilations/${id}`).json().then(parse(compilationResponse))).data,
  });
