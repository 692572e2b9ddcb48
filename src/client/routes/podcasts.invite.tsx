import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const podcastsInviteRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'podcasts/$id/invite',
  component: notAvailable('Coworker*innen einladen'),
});
