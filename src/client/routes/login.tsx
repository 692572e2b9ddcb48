import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { textParam } from '../lib/search-params.ts';
import { requireGuest } from './guards.ts';
import { rootRoute } from './root.tsx';

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  // Where to go after logging in (an invitation's page); only paths of this app. The key is
  // always returned: the router merges the raw search under what this returns.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const target = textParam(search.redirect);
    return { redirect: /^\/(?![/\\])/.test(target) ? target : undefined };
  },
  staticData: { guestOnly: true },
  beforeLoad: requireGuest,
  component: lazyRouteComponent(() => import('../features/auth/components/login-page.tsx'), 'LoginPage'),
});
