import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountExport } from '../../../../shared/account-export.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

const schema = () => import('../../../../shared/account-export.ts').then((m) => m.accountExportResponse);
export const accountExportQueryKey = ['account', 'export'] as const;

/** GET /api/account/export: the account's latest data export; asked again while it is built. */
export const accountExportQueryOptions = () =>
  queryOptions({
    queryKey: accountExportQueryKey,
    queryFn: async (): Promise<AccountExport> =>
      (await api.get('api/account/export').json().then(parseLazily(schema))).data,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 5_000 : false),
  });

export const useAccountExport = () => useQuery(accountExportQueryOptions());

/** POST /api/account/export: a new archive (ready at once when small; else built in the background). */
export function useRequestAccountExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<AccountExport> =>
      (await api.post('api/account/export').json().then(parseLazily(schema))).data,
    onSuccess: (data) => queryClient.setQueryData(accountExportQueryKey, data),
  });
}
