import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { practicesShowRoute } from './practices.show.tsx';

export const practicesShowOverviewRoute = createRoute({
  getParentRoute: () => practicesShowRoute,
  path: 'overview',
  component: notAvailable('Überblick'),
});
