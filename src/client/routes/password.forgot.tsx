import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireGuest } from './guards.ts';
import { rootRoute } from './root.tsx';

export const passwordForgotRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'password/forgot',
  staticData: { guestOnly: true },
  beforeLoad: requireGuest,
  component: lazyRouteComponent(
    () => import('../features/auth/components/password-forgot-page.tsx'),
    'PasswordForgotPage',
  ),
});
