import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireGuest } from './guards.ts';
import { rootRoute } from './root.tsx';

export const setupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'setup',
  staticData: { guestOnly: true },
  beforeLoad: requireGuest,
  component: lazyRouteComponent(() => import('../features/auth/components/setup-page.tsx'), 'SetupPage'),
});
