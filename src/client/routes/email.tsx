import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { apiError, httpStatus, isNetworkError } from '../api/errors.ts';
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

const INVALID_LINK = 'Der Bestätigungslink ist ungültig. Fordere bitte eine neue E-Mail an.';

/** The shape our links have; anything else was cut or altered on the way (a mail client, a typo). */
const wellFormed = ({ id, hash, expires, signature }: ReturnType<typeof search>) =>
  /^\d{1,10}$/.test(id) &&
  /^[a-f0-9]{40}$/.test(hash) &&
  /^\d{1,12}$/.test(expires) &&
  /^[a-f0-9]{64}$/.test(signature);

/**
 * What a failed check tells the user. The server words invalid (403) and expired links itself;
 * a link its schema refuses gets the same 'ungültig' sentence instead of a validator's text.
 */
function failure(error: unknown): string {
  if (isNetworkError(error) || httpStatus(error) === 403 || httpStatus(error) === 429) {
    return apiError(error).message;
  }
  return INVALID_LINK;
}

/**
 * Landing of the mailed link: verify, then dashboard (or login without a session); else /verify,
 * where a new mail can be requested (without a session, /verify asks to log in first).
 */
export const emailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'email',
  validateSearch: search,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const flash = useFlash.getState();
    let message: string;
    try {
      if (!wellFormed(deps)) throw new Error('malformed link');
      ({ message } = await verifyEmail(deps));
    } catch (error) {
      flash.show({ tone: 'error', message: failure(error) });
      throw redirect({ to: '/verify' });
    }
    flash.show({ tone: 'success', message });
    // A session probe still running was asked before the confirmation was stored (the pending
    // screen's header asks for the user): cancelled, so the user is read anew, not taken from it.
    // Otherwise a probe that read the row before the UPDATE sends the confirmed user to /verify.
    await queryClient.cancelQueries({ queryKey: accountQueryKey });
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
