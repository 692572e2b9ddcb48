import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { settingsRoute } from './settings.tsx';

export const settingsNotificationsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'notifications',
  component: lazyRouteComponent(
    () => import('../features/settings/components/notifications-section.tsx'),
    'NotificationsSection',
  ),
});
