import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { settingsRoute } from './settings.tsx';

export const settingsPasswordRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'password',
  component: lazyRouteComponent(
    () => import('../features/settings/components/password-form.tsx'),
    'PasswordForm',
  ),
});
