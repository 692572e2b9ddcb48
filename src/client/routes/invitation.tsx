import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { accountQueryOptions } from '../lib/session.ts';
import { rootRoute } from './root.tsx';

/**
 * /invitation/{token}: the link of an invitation mail (not in the spec's route list; README).
 * Public, for guests and signed-in users alike; the session probe starts beside the page.
 */
export const invitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'invitation/$token',
  beforeLoad: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(accountQueryOptions());
  },
  component: lazyRouteComponent(
    () => import('../features/auth/components/invitation-page.tsx'),
    'InvitationPage',
  ),
});
