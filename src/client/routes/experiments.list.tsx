import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { experimentsRoute } from './experiments.tsx';

export const experimentsListRoute = createRoute({
  getParentRoute: () => experimentsRoute,
  path: 'list',
  component: notAvailable('Experimente'),
});
