import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { Podcast } from '../../shared/podcasts.ts';
import { cachedOnStart } from '../lib/fetch-or-cached.ts';
import { podcastRequiredRoute } from './podcast-required.tsx';

/**
 * podcast.show, the dashboard. Its coworkers widget lists the team with the team's own query
 * (features/team), its running experiments and method widgets come from features/experiments and
 * features/practices: features don't import each other, so the route hands them to the dashboard
 * (features/podcasts). All load lazily, keeping zod and the schemas off the first paint.
 */
/**
 * The data of the widgets below the dashboard's first screen (they mount after its first render,
 * features/podcasts/components/dashboard/dashboard-page.tsx), asked for beside the settings and not
 * once they mount (issue 25: one round trip after the shell). All in the 'queries' chunk.
 */
async function loadBelowFirstScreen() {
  const [methods, experiments, team, objective, strategy, episodes] = await Promise.all([
    import('../features/practices/api/get-podcast-methods.ts'),
    import('../features/experiments/api/experiments.ts'),
    import('../features/team/api/get-memberships.ts'),
    import('../features/podcasts/api/get-objective.ts'),
    import('../features/podcasts/api/get-strategy.ts'),
    import('../features/podcasts/api/get-episodes.ts'),
  ]);
  return {
    prefetch(queryClient: QueryClient, podcast: Podcast) {
      const id = podcast.id;
      if (podcast.active) {
        void queryClient.prefetchQuery(methods.estimationsQueryOptions(id));
        void queryClient.prefetchQuery(experiments.experimentsQueryOptions(id, { state: 'started' }));
      }
      void queryClient.prefetchQuery(methods.bookmarksQueryOptions(id));
      void queryClient.prefetchQuery(methods.applicationsQueryOptions(id));
      void queryClient.prefetchQuery(team.membershipsQueryOptions(id));
      void queryClient.prefetchQuery(objective.objectiveQueryOptions(id));
      void queryClient.prefetchQuery(strategy.strategyQueryOptions(id));
      void queryClient.prefetchQuery(episodes.episodesQueryOptions(id, 1));
    },
  };
}

export const podcastShowRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'podcast',
  loader: async ({ context: { queryClient } }) => {
    // The launch gift's link shows only once the settings have answered: its sets are asked for
    // beside them, not after (issue 25: one round trip after the shell). The dashboard renders
    // only once this request is out (its widgets import the module anyway): when the module came
    // after the widgets' code, the sets were asked for after the settings had answered (bench
    // under load, 2026-11-26).
    const [{ compilationsQueryOptions }, { contextQueryOptions }, more] = await Promise.all([
      import('../features/practices/api/get-compilations.ts'),
      import('../features/podcasts/api/get-context.ts'),
      loadBelowFirstScreen(),
    ]);
    void queryClient.prefetchQuery(compilationsQueryOptions());
    const podcast = await cachedOnStart(queryClient, contextQueryOptions());
    if (podcast) more.prefetch(queryClient, podcast);
  },
  component: lazyRouteComponent(async () => {
    const [{ DashboardPage }, { membershipsQueryOptions }, methods, { RunningExperimentsSlot }] =
      await Promise.all([
        import('../features/podcasts/components/dashboard/dashboard-page.tsx'),
        import('../features/team/api/get-memberships.ts'),
        import('../features/practices/components/dashboard-widgets.tsx'),
        import('./screens/running-experiments-slot.tsx'),
      ]);
    const slots = {
      experiments: (podcast: Podcast) => <RunningExperimentsSlot podcast={podcast} />,
      methods: (podcast: Podcast) => (
        <>
          <methods.RecommendedWidget podcast={podcast} />
          <methods.BookmarksWidget podcast={podcast} />
          <methods.ApplicationsWidget podcast={podcast} />
          <methods.AdviceWidget />
        </>
      ),
      giftLink: (className: string) => <methods.FirstEditionLink className={className} />,
    };
    return {
      default: function PodcastShow() {
        return <DashboardPage membershipsQuery={membershipsQueryOptions} slots={slots} />;
      },
    };
  }),
});
