import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { requireVerifiedUser } from './guards.ts';
import { rootRoute } from './root.tsx';

/** /app: the signed-in area (session, verified email); its frame holds the menus. */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'app',
  beforeLoad: requireVerifiedUser,
  component: lazyRouteComponent(() => import('./app-layout.tsx'), 'AppLayout'),
});

export const appIndexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/app/dashboard' });
  },
});
