import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { podcastEditRoute } from './podcast.edit.tsx';

export const podcastEditContractRoute = createRoute({
  getParentRoute: () => podcastEditRoute,
  path: 'contract',
  component: notAvailable('Studio Upgrade'),
});
