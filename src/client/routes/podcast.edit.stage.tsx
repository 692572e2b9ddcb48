import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { podcastEditRoute } from './podcast.edit.tsx';

export const podcastEditStageRoute = createRoute({
  getParentRoute: () => podcastEditRoute,
  path: 'stage',
  component: lazyRouteComponent(
    () => import('../features/podcasts/components/edit/stage-section.tsx'),
    'StageSection',
  ),
});
