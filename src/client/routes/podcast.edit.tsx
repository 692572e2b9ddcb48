import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const podcastEditRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'podcast/edit',
  component: lazyRouteComponent(
    () => import('../features/podcasts/components/edit/edit-layout.tsx'),
    'PodcastEditLayout',
  ),
});

/** podcast/edit itself redirects (§2). */
export const podcastEditIndexRoute = createRoute({
  getParentRoute: () => podcastEditRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/app/podcast/edit/general' });
  },
});
