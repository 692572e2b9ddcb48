import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { practicesShowRoute } from './practices.show.tsx';

export const practicesShowActionsRoute = createRoute({
  getParentRoute: () => practicesShowRoute,
  path: 'actions',
  component: notAvailable('Anleitung'),
});
