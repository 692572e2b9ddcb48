import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { practicesShowRoute } from './practices.show.tsx';

export const practicesShowExperimentsRoute = createRoute({
  getParentRoute: () => practicesShowRoute,
  path: 'experiments',
  component: notAvailable('Experimente'),
});
