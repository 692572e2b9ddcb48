// The signed-in user as the whole client sees it: one cached query, null when logged out.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { User } from '../../shared/account.ts';
import { api } from '../api/client.ts';
import { httpStatus } from '../api/errors.ts';
import { parseLazily } from '../api/parse.ts';
import { fetchOrCached } from './fetch-or-cached.ts';

export const accountQueryKey = ['account'] as const;

/** GET /api/account; a 401 means "logged out" here, not a lockout. */
export async function getAccount(): Promise<User | null> {
  try {
    const body = await api
      .get('api/account', { context: { allowUnauthorized: true } })
      .json()
      // The guards run this on the first paint: the schema loads with the answer.
      .then(parseLazily(() => import('../../shared/account.ts').then((m) => m.userResponse)));
    return body.data;
  } catch (error) {
    if (httpStatus(error) === 401) return null;
    throw error;
  }
}

export const accountQueryOptions = () =>
  queryOptions({ queryKey: accountQueryKey, queryFn: getAccount, staleTime: 60_000 });

/**
 * The user for guards: fresh from the server (at most a minute old), or the cached one when the
 * network is down, so the installed app still opens offline.
 */
export async function loadUser(queryClient: QueryClient): Promise<User | null> {
  return (await fetchOrCached(queryClient, accountQueryOptions())) ?? null;
}

export function setUser(queryClient: QueryClient, user: User | null) {
  queryClient.setQueryData(accountQueryKey, user);
}

/** Forgets everything cached for the previous user. */
export function clearSession(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== accountQueryKey[0] });
  setUser(queryClient, null);
}

/** The current user; null once logged out (a guard or the lockout is then already navigating). */
export function useUser(): User | null {
  return useQuery(accountQueryOptions()).data ?? null;
}

/** DELETE /api/account/session. The caller goes to login whether it worked or not (§2). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('api/account/session', { context: { allowUnauthorized: true } }),
    onSettled: () => clearSession(queryClient),
  });
}
