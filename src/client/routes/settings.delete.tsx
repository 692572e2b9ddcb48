import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { settingsRoute } from './settings.tsx';

export const settingsDeleteRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'delete',
  component: lazyRouteComponent(
    () => import('../features/settings/components/delete-account-form.tsx'),
    'DeleteAccountForm',
  ),
});
