import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { textParam } from '../lib/search-params.ts';
import { requireGuest } from './guards.ts';
import { rootRoute } from './root.tsx';

export const passwordResetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'password/reset',
  validateSearch: (search: Record<string, unknown>) => ({
    token: textParam(search.token),
    email: textParam(search.email),
  }),
  staticData: { guestOnly: true },
  beforeLoad: requireGuest,
  component: lazyRouteComponent(
    () => import('../features/auth/components/password-reset-page.tsx'),
    'PasswordResetPage',
  ),
});
