import { createRoute, redirect } from '@tanstack/react-router';
import { podcastsQueryOptions } from '../features/podcasts/api/get-podcasts.ts';
import { fetchOrCached } from '../lib/fetch-or-cached.ts';
import { appRoute } from './app.tsx';

/**
 * Pathless parent of every screen that needs a podcast (dashboard, podcast.*, podcasts.*,
 * practices.*, experiments.*, assistances.*, compilations.*): without one, onboarding.show.
 */
export const podcastRequiredRoute = createRoute({
  getParentRoute: () => appRoute,
  id: 'podcast-required',
  beforeLoad: async ({ context: { queryClient } }) => {
    const podcasts = await fetchOrCached(queryClient, podcastsQueryOptions());
    if (podcasts?.length === 0) throw redirect({ to: '/app/onboarding' });
  },
});
