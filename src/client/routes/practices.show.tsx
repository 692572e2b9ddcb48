import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { practicesRoute } from './practices.tsx';

export const practicesShowRoute = createRoute({
  getParentRoute: () => practicesRoute,
  path: '$id',
  component: lazyRouteComponent(() => import('./screens/practices-screens.tsx'), 'PracticeShowScreen'),
});

/** practices/:id itself shows the overview tab (§2). */
export const practicesShowIndexRoute = createRoute({
  getParentRoute: () => practicesShowRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/app/practices/$id/overview', params });
  },
});
