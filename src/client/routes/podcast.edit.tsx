import { createRoute, redirect } from '@tanstack/react-router';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const podcastEditRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'podcast/edit',
});

/** podcast/edit itself redirects (§2). */
export const podcastEditIndexRoute = createRoute({
  getParentRoute: () => podcastEditRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/app/podcast/edit/general' });
  },
});
