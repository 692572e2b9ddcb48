import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

/** GET /api/categories: the podcast categories of the form ('choose two'); they rarely change. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'] as const,
    queryFn: async () =>
      (
        await api
          .get('api/categories')
          .json()
          .then(
            parseLazily(() => import('../../../../shared/content-api.ts').then((m) => m.categoriesResponse)),
          )
      ).data,
    staleTime: 60 * 60_000,
  });

export const useCategories = () => useQuery(categoriesQueryOptions());
