import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { textParam } from '../lib/search-params.ts';
import { appRoute } from './app.tsx';

/**
 * The membership platform's redirect URI (`/app/authorized?code&state`): hands code and state to
 * the server, which exchanges the code, then on to the contract settings. Without anything to
 * hand over (no code, no error) it redirects there at once.
 */
export const authorizedRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'authorized',
  beforeLoad: ({ search }) => {
    const params = search as Record<string, unknown>;
    if (!textParam(params.code) && !textParam(params.error)) throw redirect({ to: '/app/settings/contract' });
  },
  component: lazyRouteComponent(() => import('./screens/billing-screens.tsx'), 'AuthorizedScreen'),
});
