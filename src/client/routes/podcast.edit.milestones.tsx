import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { podcastEditRoute } from './podcast.edit.tsx';

export const podcastEditMilestonesRoute = createRoute({
  getParentRoute: () => podcastEditRoute,
  path: 'milestones',
  component: lazyRouteComponent(
    () => import('../features/podcasts/components/edit/milestones-section.tsx'),
    'MilestonesSection',
  ),
});
