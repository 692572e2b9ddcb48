import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const podcastCoworkersListRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'podcast/coworkers',
  component: notAvailable('Coworker*innen'),
});
