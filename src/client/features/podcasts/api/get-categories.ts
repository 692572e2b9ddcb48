import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoriesResponse } from '../../../../shared/content-api.ts';
import { api } from '../../../api/client.ts';
import { parse } from '../../../api/parse.ts';

/** GET /api/categories: the podcast categories of the form ('choose two'); they rarely change. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'] as const,
    queryFn: async () => (await api.get('api/categories').json().then(parse(categoriesResponse))).data,
    staleTime: 60 * 60_000,
  });

export const useCategories = () => useQuery(categoriesQueryOptions());
