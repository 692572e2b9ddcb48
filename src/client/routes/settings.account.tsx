import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { settingsRoute } from './settings.tsx';

export const settingsAccountRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'account',
  component: lazyRouteComponent(
    () => import('../features/settings/components/account-form.tsx'),
    'AccountForm',
  ),
});
