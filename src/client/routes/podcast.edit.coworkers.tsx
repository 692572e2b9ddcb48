import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { podcastEditRoute } from './podcast.edit.tsx';

export const podcastEditCoworkersRoute = createRoute({
  getParentRoute: () => podcastEditRoute,
  path: 'coworkers',
  component: notAvailable('Coworker*innen einladen'),
});
