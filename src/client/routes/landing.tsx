import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireGuest } from './guards.ts';
import { rootRoute } from './root.tsx';

export const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { guestOnly: true },
  beforeLoad: requireGuest,
  component: lazyRouteComponent(
    () => import('../features/landing/components/landing-page.tsx'),
    'LandingPage',
  ),
});
