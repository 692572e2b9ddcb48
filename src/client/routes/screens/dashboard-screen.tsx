// podcast.show, the dashboard, composed from the features (Entscheidung CLI-21): its
// coworkers widget lists the team with the team's own query (features/team), its running
// experiments and method widgets come from features/experiments and features/practices; features
// don't import each other, so this module hands them to the dashboard (features/podcasts). One
// module for the route's loader and component.
import type { QueryClient } from '@tanstack/react-query';
import { FIRST_SCREENS } from '../../../shared/first-screens.ts';
import type { Podcast } from '../../../shared/podcasts.ts';
import { experimentsQueryOptions } from '../../features/experiments/api/experiments.ts';
import { RunningExperimentsWidget } from '../../features/experiments/components/running-experiments-widget.tsx';
import { contextQueryOptions } from '../../features/podcasts/api/get-context.ts';
import { episodesQueryOptions } from '../../features/podcasts/api/get-episodes.ts';
import { feedCheckQueryOptions } from '../../features/podcasts/api/get-feed-check.ts';
import { objectiveQueryOptions } from '../../features/podcasts/api/get-objective.ts';
import { settingsQueryOptions } from '../../features/podcasts/api/get-settings.ts';
import { strategyQueryOptions } from '../../features/podcasts/api/get-strategy.ts';
import { DashboardPage } from '../../features/podcasts/components/dashboard/dashboard-page.tsx';
import { compilationsQueryOptions } from '../../features/practices/api/get-compilations.ts';
import {
  adviceQueryOptions,
  applicationsQueryOptions,
  bookmarksQueryOptions,
  estimationsQueryOptions,
} from '../../features/practices/api/get-podcast-methods.ts';
import * as methods from '../../features/practices/components/dashboard-widgets.tsx';
import { membershipsQueryOptions } from '../../features/team/api/get-memberships.ts';
import { cachedOnStart } from '../../lib/fetch-or-cached.ts';
import { audienceWidget } from './audience-widget-slot.tsx';
import { simple } from './experiment-podcast.ts';
import { prefetchReads, tipsQuery, type ReadQueries } from './screen-reads.ts';

/**
 * The loader: the reads src/shared/first-screens.ts declares for the dashboard (`dashboardReads`,
 * the answers the server embeds in the page), each by its feature's query: the launch gift's sets
 * beside the settings, and the data of the widgets below the first screen (they mount once it has
 * settled, dashboard-page.tsx) beside them too, not once they mount (one round trip after the
 * shell). The settings, the feed check and the tips too (Entscheidung LIB-7, screen-reads.ts).
 */
const queries: ReadQueries = {
  compilations: () => compilationsQueryOptions(),
  advice: () => adviceQueryOptions(),
  estimations: ({ podcast }) => estimationsQueryOptions(podcast),
  experiments: ({ podcast, state }) => experimentsQueryOptions(podcast, state === 'started' ? { state } : {}),
  bookmarks: ({ podcast }) => bookmarksQueryOptions(podcast),
  applications: ({ podcast }) => applicationsQueryOptions(podcast),
  memberships: ({ podcast }) => membershipsQueryOptions(podcast),
  objective: ({ podcast }) => objectiveQueryOptions(podcast),
  strategy: ({ podcast }) => strategyQueryOptions(podcast),
  episodes: ({ podcast, page }) => episodesQueryOptions(podcast, Number(page)),
  settings: ({ podcast }) => settingsQueryOptions(podcast),
  feedCheck: ({ podcast }) => feedCheckQueryOptions(podcast),
};

export async function prefetchDashboard(queryClient: QueryClient) {
  const podcast = await cachedOnStart(queryClient, contextQueryOptions());
  if (podcast)
    prefetchReads(queryClient, FIRST_SCREENS.dashboard.reads(podcast), { ...queries, ...tipsQuery(podcast) });
}

const slots = {
  experiments: (podcast: Podcast) => <RunningExperimentsWidget podcast={simple(podcast)} />,
  methods: (podcast: Podcast) => (
    <>
      <methods.RecommendedWidget podcast={podcast} />
      <methods.BookmarksWidget podcast={podcast} />
      <methods.ApplicationsWidget podcast={podcast} />
      <methods.AdviceWidget />
    </>
  ),
  giftLink: (className: string) => <methods.FirstEditionLink className={className} />,
  audience: audienceWidget,
};

export function DashboardScreen() {
  return <DashboardPage membershipsQuery={membershipsQueryOptions} slots={slots} />;
}
