import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { appRoute } from './app.tsx';

export const feedbackRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'feedback',
  component: notAvailable('Feedback geben'),
});
