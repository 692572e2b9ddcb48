import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { practicesRoute } from './practices.tsx';

export const practicesShowRoute = createRoute({
  getParentRoute: () => practicesRoute,
  path: '$id',
  // Starts every request of the screen at once (the screen module's prefetch*).
  loader: ({ context: { queryClient }, params }) =>
    import('./screens/practices-screens.tsx').then((m) => m.prefetchPracticeShow(queryClient, params.id)),

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
