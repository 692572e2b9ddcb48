import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const assistancesListRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'assistances',
  component: notAvailable('Tipps von der Kompass-KI'),
});
