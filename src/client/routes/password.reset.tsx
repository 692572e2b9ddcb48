import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { requireGuest } from './guards.ts';
import { rootRoute } from './root.tsx';

export const passwordResetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'password/reset',
  validateSearch: z.object({ token: z.string().catch(''), email: z.string().catch('') }),
  staticData: { guestOnly: true },
  beforeLoad: requireGuest,
  component: lazyRouteComponent(
    () => import('../features/auth/components/password-reset-page.tsx'),
    'PasswordResetPage',
  ),
});
