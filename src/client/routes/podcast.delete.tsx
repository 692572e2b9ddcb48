import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const podcastDeleteRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'podcast/delete',
  component: notAvailable('Podcast löschen'),
});
