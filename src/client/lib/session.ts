// The signed-in user as the whole client sees it: one cached query, null when logged out.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { User } from '../../shared/account.ts';
import { api } from '../api/client.ts';
import { parseLazily } from '../api/parse.ts';
import { forgetPersistedCache } from '../query-client.ts';
import { useFlash } from '../stores/flash.ts';
import { fetchOrCached } from './fetch-or-cached.ts';

export const accountQueryKey = ['account'] as const;

/**
 * GET /api/account/session: the session probe. It answers 200 with `data: null` for guests, so
 * a logged-out page load logs no 401; only a 401 on another call means a session was lost.
 */
export async function getAccount(): Promise<User | null> {
  const body = await api.get('api/account/session').json();
  // A guest's answer is `{ data: null }`, checked in place: the landing page's visitors never load
  // zod and the User schema. A user's answer is parsed with the schema, which loads with it.
  if (isGuest(body)) return null;
  return (await parseLazily(() => import('../../shared/account.ts').then((m) => m.sessionResponse))(body))
    .data;
}

const isGuest = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  'data' in body &&
  body.data === null &&
  Object.keys(body).length === 1;

export const accountQueryOptions = () =>
  queryOptions({ queryKey: accountQueryKey, queryFn: getAccount, staleTime: 60_000 });

/**
 * The user for guards: fresh from the server (at most a minute old), or the cached one when the
 * network is down, so the installed app still opens offline. No network never means logged out.
 */
export async function loadUser(queryClient: QueryClient): Promise<User | null> {
  return (await fetchOrCached(queryClient, accountQueryOptions())) ?? null;
}

export function setUser(queryClient: QueryClient, user: User | null) {
  queryClient.setQueryData(accountQueryKey, user);
}

export const SESSION_EXPIRED = 'Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.';

/** The next screen (login) says why the user is there. */
export function announceSessionLost() {
  useFlash.getState().show({ tone: 'error', message: SESSION_EXPIRED });
}

/** True while the cache holds a signed-in user (restored or fetched). */
export function hasCachedUser(queryClient: QueryClient): boolean {
  return Boolean(queryClient.getQueryData<User | null>(accountQueryKey));
}

/**
 * Follows the session probe's answers. No user where we had one: the session ended elsewhere
 * (expired, logged out on another device): forget the user's data and say so on login. A user
 * where we had none (a guest page rendered before the probe answered): `onFound`. Login, logout
 * and deletion set the user themselves (`manual`), so they count as neither.
 */
export function watchSession(queryClient: QueryClient, onFound: () => void) {
  let user = queryClient.getQueryData<User | null>(accountQueryKey) ?? null;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== accountQueryKey[0]) return;
    if (event.action.type !== 'success') return;
    const previous = user;
    user = (event.action.data as User | null | undefined) ?? null;
    if (event.action.manual) return;
    if (previous && !user) {
      announceSessionLost();
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== accountQueryKey[0] });
    } else if (!previous && user) {
      onFound();
    }
  });
}

/** Forgets everything cached for the previous user. */
export function clearSession(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== accountQueryKey[0] });
  setUser(queryClient, null);
  forgetPersistedCache();
}

/** The current user; null once logged out (a guard or the lockout is then already navigating). */
export function useUser(): User | null {
  return useQuery(accountQueryOptions()).data ?? null;
}

/** DELETE /api/account/session. The caller goes to login whether it worked or not (§2). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await import('./push.ts').then((push) => push.forgetDevice());
      return api.delete('api/account/session', { context: { allowUnauthorized: true } });
    },
    onSettled: async () => {
      clearSession(queryClient);
      // Logout, unlike a lost session, also drops the offline copies and the unsent outbox.
      await import('./offline-data.ts').then((offline) => offline.forgetOfflineData());
    },
  });
}
