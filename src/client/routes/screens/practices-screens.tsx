// Screens of the methods (features/practices) that need the selected podcast (features/podcasts):
// features never import each other, so these compose the two. Loaded lazily by their route files.
import type { QueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { contextQueryOptions, usePodcast } from '../../features/podcasts/api/get-context.ts';
import { similaritiesQueryOptions } from '../../features/practices/api/get-podcast-methods.ts';
import { pooledEffectsQueryOptions } from '../../features/practices/api/get-pooled-effects.ts';
import {
  practiceCompilationsQueryOptions,
  practiceQueryOptions,
} from '../../features/practices/api/get-practice.ts';
import { FIRST_SCREENS } from '../../../shared/first-screens.ts';
import { cachedOnStart } from '../../lib/fetch-or-cached.ts';
import { prefetchReads, tipsQuery, type ReadQueries } from './screen-reads.ts';
import { WithPractice } from './with-practice.tsx';
import { OverviewTab } from '../../features/practices/components/overview-tab.tsx';
import { PracticeLayout } from '../../features/practices/components/practice-layout.tsx';
import { PracticeMenu } from '../../features/practices/components/practice-menu.tsx';
import { PracticesListPage } from '../../features/practices/components/practices-list-page.tsx';

const listRoute = getRouteApi('/app/podcast-required/practices/list');
const showRoute = getRouteApi('/app/podcast-required/practices/$id');

const practiceIdOf = (id: string) => Number(id);

/**
 * The loaders of practices.show and its overview tab (routes/practices.show*.tsx): the reads
 * src/shared/first-screens.ts declares for the overview, all started at once from the route's id
 * and the selected podcast (at the start from the page's boot answers or the persisted cache),
 * instead of the tab asking for its sets and similar methods only once the method has answered.
 * Entscheidung CLI-20. The layout's loader asks for the method (every tab shows it), the tab's for
 * the rest: asked twice, the second would go to the server. Not awaited: the screen shows its own
 * loading and error states.
 */
const layoutQueries: ReadQueries = {
  practice: ({ practice, context }) => practiceQueryOptions(Number(context), practice),
};
const overviewQueries: ReadQueries = {
  practiceCompilations: ({ practice }) => practiceCompilationsQueryOptions(practice),
  similarities: ({ practice, context }) => similaritiesQueryOptions(Number(context), practice),
  pooledEffects: ({ podcast }) => pooledEffectsQueryOptions(podcast),
};

export async function prefetchPracticeShow(queryClient: QueryClient, id: string, tab?: 'overview') {
  const podcast = await cachedOnStart(queryClient, contextQueryOptions()).catch(() => undefined);
  if (!podcast) return;
  const reads = FIRST_SCREENS.practiceOverview.reads(podcast, [id]);
  prefetchReads(
    queryClient,
    reads,
    tab === 'overview' ? overviewQueries : { ...layoutQueries, ...tipsQuery(podcast) },
  );
}

/** practices.list: the filters live in the URL (routes/practices.list.tsx). */
export function PracticesListScreen() {
  const podcast = usePodcast();
  const search = listRoute.useSearch();
  const navigate = listRoute.useNavigate();
  if (!podcast) return null;
  const filters = { ...search, keywords: search.keywords?.split(',') };
  return (
    <PracticesListPage
      key={podcast.id}
      podcast={podcast}
      filters={filters}
      onFilters={(next) =>
        void navigate({
          search: { ...next, keywords: next.keywords?.length ? next.keywords.join(',') : undefined },
          replace: true,
        })
      }
    />
  );
}

/** practices.show: header and tabs; the tab renders in its outlet. */
export function PracticeShowScreen() {
  const podcast = usePodcast();
  const id = practiceIdOf(showRoute.useParams().id);
  if (!podcast) return null;
  return (
    <PracticeLayout
      key={`${podcast.id}:${id}`}
      podcast={podcast}
      practiceId={id}
      menu={(practice) => <PracticeMenu podcast={podcast} practice={practice} />}
    />
  );
}

export const PracticeOverviewScreen = () => (
  <WithPractice>{(practice, podcast) => <OverviewTab practice={practice} podcast={podcast} />}</WithPractice>
);
