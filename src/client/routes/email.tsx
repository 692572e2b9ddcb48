import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { apiError } from '../api/errors.ts';
import { verifyEmail } from '../features/auth/api/verify-email.ts';
import { textParam } from '../lib/search-params.ts';
import { accountQueryKey, loadUser } from '../lib/session.ts';
import { useFlash } from '../stores/flash.ts';
import { rootRoute } from './root.tsx';

const search = (params: Record<string, unknown>) => ({
  id: textParam(params.id),
  hash: textParam(params.hash),
  expires: textParam(params.expires),
  signature: textParam(params.signature),
});

/** Landing of the mailed link: verify, then dashboard (or login without a session); else /verify. */
export const emailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'email',
  validateSearch: search,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const flash = useFlash.getState();
    let message: string;
    try {
      ({ message } = await verifyEmail(deps));
    } catch (error) {
      flash.show({ tone: 'error', message: apiError(error).message });
      throw redirect({ to: '/verify' });
    }
    flash.show({ tone: 'success', message });
    await queryClient.invalidateQueries({ queryKey: accountQueryKey, refetchType: 'none' });
    const user = await loadUser(queryClient).catch(() => null);
    throw redirect({ to: user ? '/app/dashboard' : '/login' });
  },
  pendingComponent: lazyRouteComponent(
    () => import('../features/auth/components/email-pending.tsx'),
    'EmailPending',
  ),
  pendingMs: 0,
});
