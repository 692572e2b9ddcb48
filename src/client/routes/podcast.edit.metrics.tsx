import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { podcastEditRoute } from './podcast.edit.tsx';

export const podcastEditMetricsRoute = createRoute({
  getParentRoute: () => podcastEditRoute,
  path: 'metrics',
  component: lazyRouteComponent(
    () => import('../features/podcasts/components/edit/metrics-section.tsx'),
    'MetricsSection',
  ),
});
