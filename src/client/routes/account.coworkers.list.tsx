import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { appRoute } from './app.tsx';

export const accountCoworkersListRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'account/coworkers',
  component: notAvailable('Deine Coworker*innen'),
});
