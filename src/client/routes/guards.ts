// The access rules of §2, used by the routes' beforeLoad.
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { User } from '../../shared/account.ts';
import { accountQueryOptions, hasCachedUser, loadUser } from '../lib/session.ts';

type Context = { context: { queryClient: QueryClient } };

/**
 * Guest-only pages: a signed-in user goes to the dashboard. Unless the cache knows a user, the
 * page renders at once and the session probe runs beside it (first paint waits for no request);
 * GuestOnlyRedirect in the root moves on if the probe finds a session after all.
 */
export async function requireGuest({ context: { queryClient } }: Context) {
  if (!hasCachedUser(queryClient)) {
    void queryClient.prefetchQuery(accountQueryOptions());
    return;
  }
  const user = await loadUser(queryClient).catch(() => null);
  if (user) throw redirect({ to: '/app/dashboard' });
}

/** Where a request without a user goes: login when the session was just lost, else `fallback`. */
async function loadUserOr(queryClient: QueryClient, fallback: '/' | '/login'): Promise<User> {
  const hadUser = hasCachedUser(queryClient);
  const user = await loadUser(queryClient);
  if (!user) throw redirect({ to: hadUser ? '/login' : fallback });
  return user;
}

/** /verify: needs a session (else login); a verified user has nothing to do there. */
export async function requireUnverified({ context }: Context) {
  const user = await loadUserOr(context.queryClient, '/login');
  if (user.verified) throw redirect({ to: '/app/dashboard' });
}

/** /app: a session (else landing) with a verified email (else verify). */
export async function requireVerifiedUser({ context }: Context): Promise<{ user: User }> {
  const user = await loadUserOr(context.queryClient, '/');
  if (!user.verified) throw redirect({ to: '/verify' });
  return { user };
}
