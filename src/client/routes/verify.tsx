import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireUnverified } from './guards.ts';
import { rootRoute } from './root.tsx';

export const verifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'verify',
  beforeLoad: requireUnverified,
  component: lazyRouteComponent(() => import('../features/auth/components/verify-page.tsx'), 'VerifyPage'),
});
