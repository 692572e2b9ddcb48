import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { settingsRoute } from './settings.tsx';

export const settingsProfileRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'profile',
  component: lazyRouteComponent(
    () => import('../features/settings/components/profile-form.tsx'),
    'ProfileForm',
  ),
});
