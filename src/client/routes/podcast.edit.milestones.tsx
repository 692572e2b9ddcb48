import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { podcastEditRoute } from './podcast.edit.tsx';

export const podcastEditMilestonesRoute = createRoute({
  getParentRoute: () => podcastEditRoute,
  path: 'milestones',
  component: notAvailable('Meilensteine'),
});
