import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './app.tsx';
import { rootRoute } from './root.tsx';

/** changelog (roadmap plus changelog): public, and inside the app for signed-in users. */
export const publicChangelogRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'changelog',
  component: lazyRouteComponent(
    () => import('../features/changelog/components/changelog-page.tsx'),
    'ChangelogPage',
  ),
});

export const changelogRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'changelog',
  component: lazyRouteComponent(
    () => import('../features/changelog/components/changelog-page.tsx'),
    'AppChangelogPage',
  ),
});
