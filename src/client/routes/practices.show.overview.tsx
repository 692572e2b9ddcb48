import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { practicesShowRoute } from './practices.show.tsx';

export const practicesShowOverviewRoute = createRoute({
  getParentRoute: () => practicesShowRoute,
  path: 'overview',
  // Starts every request of the screen at once (the screen module's prefetch*).
  loader: ({ context: { queryClient }, params }) =>
    import('./screens/practices-screens.tsx').then((m) =>
      m.prefetchPracticeShow(queryClient, params.id, 'overview'),
    ),

  component: lazyRouteComponent(() => import('./screens/practices-screens.tsx'), 'PracticeOverviewScreen'),
});
