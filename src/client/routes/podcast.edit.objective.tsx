import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { podcastEditRoute } from './podcast.edit.tsx';

export const podcastEditObjectiveRoute = createRoute({
  getParentRoute: () => podcastEditRoute,
  path: 'objective',
  component: notAvailable('Podcast-Ziele'),
});
