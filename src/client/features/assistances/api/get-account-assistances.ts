import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';
import { noteOlder, olderParams, useOlderPages } from '../../../lib/older-pages.ts';

export const accountAssistancesQueryKey = ['account', 'assistances'] as const;

/** A page of the account's tips: the newest, or with `before` the ones before that tip. */
const accountTipsPage = (before?: number) =>
  api
    .get('api/account/assistances', olderParams(before))
    .json()
    .then(
      parseLazily(() =>
        import('../../../../shared/assistances.ts').then((m) => m.accountAssistancesCollection),
      ),
    );

/** GET /api/account/assistances: the tips of all the user's Pro podcasts, newest first (100). */
export const accountAssistancesQueryOptions = () =>
  queryOptions({
    queryKey: accountAssistancesQueryKey,
    queryFn: async ({ queryKey, client }) => {
      const page = await accountTipsPage();
      noteOlder(client, queryKey, page.meta);
      return page.data;
    },
  });

export const useAccountAssistances = () => useQuery(accountAssistancesQueryOptions());

/** The tips before the newest page (lib/older-pages.ts), on „Ältere anzeigen“ of the account's list. */
export const useOlderAccountAssistances = () =>
  useOlderPages(accountAssistancesQueryKey, (before) => accountTipsPage(before));
