import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoriesResponse } from '../../../../shared/content-api.ts';
import { api } from '../../../api/client.ts';
import { parse } from '../../../api/parse.ts';

/** GET /api/categories: the podcast categories to choose two of. They change with the content. */
export const getCategories = async () =>
  (await api.get('api/categories').json().then(parse(categoriesResponse))).data;

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: getCategories, staleTime: 60 * 60_000 });

export const useCategories = () => useQuery(categoriesQueryOptions());
