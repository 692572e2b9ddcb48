import { createRoute, redirect } from '@tanstack/react-router';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const practicesRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'practices',
});

/** practices itself redirects (§2). */
export const practicesIndexRoute = createRoute({
  getParentRoute: () => practicesRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/app/practices/list' });
  },
});
