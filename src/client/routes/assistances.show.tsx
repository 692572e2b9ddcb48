import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const assistancesShowRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'assistances/$id',
  component: notAvailable('Tipp der Kompass-KI'),
});
