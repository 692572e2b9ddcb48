import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const podcastShowRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'podcast',
  component: notAvailable('Dein Podcast'),
});
