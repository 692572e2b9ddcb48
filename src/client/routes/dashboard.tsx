import { createRoute, redirect } from '@tanstack/react-router';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const dashboardRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'dashboard',
  beforeLoad: () => {
    throw redirect({ to: '/app/podcast' });
  },
});
