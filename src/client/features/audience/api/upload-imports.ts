// GET …/audience-imports (the committed uploads one by one) and DELETE …/audience-imports/{id}
// (one upload taken back alone; src/shared/audience-imports.ts). A removal refetches the podcast's
// queries: its days, sources and metrics change with it.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';
import { audienceKey } from './audience.ts';

const contract = () => import('../../../../shared/audience-imports.ts');

export const importsQueryOptions = (podcastId: number) =>
  queryOptions({
    queryKey: [...audienceKey(podcastId), 'imports'],
    queryFn: async () =>
      (
        await api
          .get(`api/podcasts/${podcastId}/audience-imports`)
          .json()
          .then(parseLazily(() => contract().then((m) => m.audienceImportCollection)))
      ).data,
  });

export const useUploadImports = (podcastId: number) => useQuery(importsQueryOptions(podcastId));

export function useRemoveImport(podcastId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (importId: number) => {
      await api.delete(`api/podcasts/${podcastId}/audience-imports/${importId}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['podcast', podcastId] }),
  });
}
