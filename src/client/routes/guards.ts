// The access rules of §2, used by the routes' beforeLoad.
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { User } from '../../shared/account.ts';
import { loadUser } from '../lib/session.ts';

type Context = { context: { queryClient: QueryClient } };

/** Guest-only pages: a signed-in user goes to the dashboard. If we can't tell, show the page. */
export async function requireGuest({ context }: Context) {
  const user = await loadUser(context.queryClient).catch(() => null);
  if (user) throw redirect({ to: '/app/dashboard' });
}

/** /verify: needs a session (else login); a verified user has nothing to do there. */
export async function requireUnverified({ context }: Context) {
  const user = await loadUser(context.queryClient);
  if (!user) throw redirect({ to: '/login' });
  if (user.verified) throw redirect({ to: '/app/dashboard' });
}

/** /app: a session (else landing) with a verified email (else verify). */
export async function requireVerifiedUser({ context }: Context): Promise<{ user: User }> {
  const user = await loadUser(context.queryClient);
  if (!user) throw redirect({ to: '/' });
  if (!user.verified) throw redirect({ to: '/verify' });
  return { user };
}
