import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { fetchOrCached } from '../lib/fetch-or-cached.ts';
import { podcastRequiredRoute } from './podcast-required.tsx';

/**
 * podcast.show, the dashboard. Its coworkers widget lists the team with the team's own query
 * (features/team): features don't import each other, so the route hands it to the dashboard
 * (features/podcasts). Both load lazily, keeping zod and the schemas off the first paint.
 */
export const podcastShowRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'podcast',
  loader: async ({ context: { queryClient } }) => {
    const { contextQueryOptions } = await import('../features/podcasts/api/get-context.ts');
    await fetchOrCached(queryClient, contextQueryOptions());
  },
  component: lazyRouteComponent(async () => {
    const [{ DashboardPage }, { membershipsQueryOptions }] = await Promise.all([
      import('../features/podcasts/components/dashboard/dashboard-page.tsx'),
      import('../features/team/api/get-memberships.ts'),
    ]);
    return {
      default: function PodcastShow() {
        return <DashboardPage membershipsQuery={membershipsQueryOptions} />;
      },
    };
  }),
});
