import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const compilationsShowRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'compilations/$id',
  component: notAvailable('Set'),
});
