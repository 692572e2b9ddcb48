import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { appRoute } from './app.tsx';

export const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings',
  component: lazyRouteComponent(
    () => import('../features/settings/components/settings-layout.tsx'),
    'SettingsLayout',
  ),
});

/** /app/settings itself shows the profile (§2). */
export const settingsIndexRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/app/settings/profile' });
  },
});
