import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { podcastEditRoute } from './podcast.edit.tsx';

export const podcastEditStrategyRoute = createRoute({
  getParentRoute: () => podcastEditRoute,
  path: 'strategy',
  component: lazyRouteComponent(
    () => import('../features/podcasts/components/edit/strategy-section.tsx'),
    'StrategySection',
  ),
});
