import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { podcastEditRoute } from './podcast.edit.tsx';

export const podcastEditGeneralRoute = createRoute({
  getParentRoute: () => podcastEditRoute,
  path: 'general',
  component: notAvailable('Allgemeine Angaben'),
});
