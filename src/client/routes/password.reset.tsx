import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { resetLinkProblem } from '../features/auth/api/check-reset-link.ts';
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
  loaderDeps: ({ search }) => search,
  // A used or expired link says so at once instead of after the new password was typed.
  loader: async ({ deps }) => ({ problem: await resetLinkProblem(deps) }),
  staleTime: 0,
  gcTime: 0,
  component: lazyRouteComponent(
    () => import('../features/auth/components/password-reset-page.tsx'),
    'PasswordResetPage',
  ),
});
