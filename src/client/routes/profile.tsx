import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { userQueryOptions } from '../features/users/api/get-user.ts';
import { appRoute } from './app.tsx';

export const profileRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'profile/$id',
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(userQueryOptions(params.id)),
  component: lazyRouteComponent(() => import('../features/users/components/user-profile.tsx'), 'UserProfile'),
  errorComponent: lazyRouteComponent(
    () => import('../features/users/components/user-profile-error.tsx'),
    'UserProfileError',
  ),
});
