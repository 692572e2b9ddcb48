import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireGuest } from './guards.ts';
import { rootRoute } from './root.tsx';

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  staticData: { guestOnly: true },
  beforeLoad: requireGuest,
  component: lazyRouteComponent(() => import('../features/auth/components/login-page.tsx'), 'LoginPage'),
});
