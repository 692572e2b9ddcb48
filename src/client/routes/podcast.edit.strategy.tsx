import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { podcastEditRoute } from './podcast.edit.tsx';

export const podcastEditStrategyRoute = createRoute({
  getParentRoute: () => podcastEditRoute,
  path: 'strategy',
  component: notAvailable('Podcast-Strategie'),
});
