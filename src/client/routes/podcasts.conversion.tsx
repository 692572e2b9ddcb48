import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const podcastsConversionRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'podcasts/$id/conversion',
  component: notAvailable('Studio Pro'),
});
