import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { experimentsRoute } from './experiments.tsx';

export const experimentsShowRoute = createRoute({
  getParentRoute: () => experimentsRoute,
  path: '$id',
  component: notAvailable('Experiment'),
});
