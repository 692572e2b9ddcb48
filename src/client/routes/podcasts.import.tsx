import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const podcastsImportRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'podcasts/import',
  component: notAvailable('Podcast importieren'),
});
