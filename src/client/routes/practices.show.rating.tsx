import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { practicesShowRoute } from './practices.show.tsx';

export const practicesShowRatingRoute = createRoute({
  getParentRoute: () => practicesShowRoute,
  path: 'rating',
  component: notAvailable('Potential'),
});
