import { createRoute, redirect } from '@tanstack/react-router';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const experimentsRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'experiments',
});

/** experiments itself redirects (§2). */
export const experimentsIndexRoute = createRoute({
  getParentRoute: () => experimentsRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/app/experiments/list' });
  },
});
