import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { podcastEditRoute } from './podcast.edit.tsx';

export const podcastEditStageRoute = createRoute({
  getParentRoute: () => podcastEditRoute,
  path: 'stage',
  component: notAvailable('Empfehlungen personalisieren'),
});
