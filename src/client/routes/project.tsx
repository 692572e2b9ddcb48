import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { appRoute } from './app.tsx';

export const projectRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'project',
  component: notAvailable('Über das Projekt'),
});
