// The signed-in user as the whole client sees it: one cached query, null when logged out.
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { HTTPError } from 'ky';
import type { User } from '../../shared/account.ts';
import { api } from '../api/client.ts';
import { READS } from '../../shared/reads.ts';
import { isNetworkError } from '../api/errors.ts';
import { parseLazily } from '../api/parse.ts';
import { forgetPersistedCache } from '../query-client.ts';
import { useFlash } from '../stores/flash.ts';
import { isOffline, setServerReachable } from '../offline/connectivity.ts';
import { cachedOnStart } from './fetch-or-cached.ts';

export const accountQueryKey = ['account'] as const;

/**
 * A logout made without a network: the device is logged out at once, the server is told as soon as
 * it can be reached (app start, the network coming back, the next session probe). Until then the
 * session cookie still holds on the server, so the app treats it as gone.
 */
const LOGOUT_PENDING = 'kompass-logout-pending';

/** Ends the session on the server: the push device first (that needs the session), then the session. */
async function endServerSession() {
  await import('./push.ts').then((push) => push.forgetDevice());
  await api.delete('api/account/session', { context: { allowUnauthorized: true } });
}

/** Tells the server about a logout that waits, if there is one. False while it still waits. */
export async function finishPendingLogout(): Promise<boolean> {
  if (localStorage.getItem(LOGOUT_PENDING) === null) return true;
  if (isOffline()) return false;
  try {
    await endServerSession();
  } catch (error) {
    // Unreachable or failing: later. Any other answer (401: already ended) leaves nothing to do.
    // Unreachable right after 'online' (a phone's connection carries nothing yet): the server is
    // then probed until it answers, and the logout goes again (connectivity.ts, onReconnect).
    if (isNetworkError(error)) {
      setServerReachable(false);
      return false;
    }
    if (error instanceof HTTPError && error.response.status >= 500) return false;
  }
  localStorage.removeItem(LOGOUT_PENDING);
  return true;
}

/**
 * GET /api/account/session: the session probe. It answers 200 with `data: null` for guests, so
 * a logged-out page load logs no 401; only a 401 on another call means a session was lost.
 */
export async function getAccount(): Promise<User | null> {
  if (!(await finishPendingLogout())) return null;
  const body = await api.read(READS.session({})).json();
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
 * The first screen of a returning user takes the cached one and asks beside it (`cachedOnStart`).
 */
export async function loadUser(queryClient: QueryClient): Promise<User | null> {
  // Only a verified user's copy: one not yet verified may have confirmed in another tab since.
  return (await cachedOnStart(queryClient, accountQueryOptions(), (user) => Boolean(user?.verified))) ?? null;
}

export function setUser(queryClient: QueryClient, user: User | null) {
  // A new session (login, registration) replaced the cookie of one whose logout still waited.
  if (user) localStorage.removeItem(LOGOUT_PENDING);
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
      forgetPreviousUser(queryClient);
    } else if (!previous && user) {
      onFound();
    }
  });
}

/**
 * Drops what was cached for the user whose session ended. A query the screen shows right now
 * starts over instead (reset: its data goes, it asks again): removing it in flight cancelled its
 * request silently, and the screen would wait on it forever (the invitation page of a guest whose
 * earlier session had ended, at 'Lade die Einladung …').
 */
function forgetPreviousUser(queryClient: QueryClient) {
  const notAccount = (q: Query) => q.queryKey[0] !== accountQueryKey[0];
  queryClient.removeQueries({ predicate: notAccount, type: 'inactive' });
  void queryClient.resetQueries({ predicate: notAccount, type: 'active' });
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

/**
 * DELETE /api/account/session. The caller goes to login whether it worked or not (§2); without a
 * network at once, and the server hears of it when it can (`finishPendingLogout`).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async () => {
      localStorage.setItem(LOGOUT_PENDING, String(Date.now()));
      await finishPendingLogout();
    },
    onSettled: async () => {
      clearSession(queryClient);
      // Logout, unlike a lost session, also drops the offline copies and the unsent outbox.
      await import('../offline/offline-data.ts').then((offline) => offline.forgetOfflineData());
    },
  });
}
