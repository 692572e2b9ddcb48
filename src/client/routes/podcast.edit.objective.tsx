import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { podcastEditRoute } from './podcast.edit.tsx';

export const podcastEditObjectiveRoute = createRoute({
  getParentRoute: () => podcastEditRoute,
  path: 'objective',
  component: lazyRouteComponent(
    () => import('../features/podcasts/components/edit/objective-section.tsx'),
    'ObjectiveSection',
  ),
});
