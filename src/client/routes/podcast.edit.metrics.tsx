import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { podcastEditRoute } from './podcast.edit.tsx';

export const podcastEditMetricsRoute = createRoute({
  getParentRoute: () => podcastEditRoute,
  path: 'metrics',
  component: notAvailable('Erfolgskriterien'),
});
