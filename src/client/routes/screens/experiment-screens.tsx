// Experiment screens with the selected podcast (features/podcasts) handed to the experiment
// components (features/experiments): features never import each other. Loaded lazily.
import type { QueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import {
  commentsQueryOptions,
  eventsQueryOptions,
  experimentQueryOptions,
} from '../../features/experiments/api/experiments.ts';
import { experimentEffectQueryOptions } from '../../features/experiments/api/get-effect.ts';
import { contextQueryOptions, usePodcast } from '../../features/podcasts/api/get-context.ts';
import { ExperimentCreatePage } from '../../features/experiments/components/experiment-create-page.tsx';
import { ExperimentListPage } from '../../features/experiments/components/experiment-list-page.tsx';
import { ExperimentShowPage } from '../../features/experiments/components/experiment-show-page.tsx';
import { PracticeExperimentsTab } from '../../features/experiments/components/practice-experiments-tab.tsx';
import { FIRST_SCREENS } from '../../../shared/first-screens.ts';
import { cachedOnStart } from '../../lib/fetch-or-cached.ts';
import { simple } from './experiment-podcast.ts';
import { prefetchReads, tipsQuery, type ReadQueries } from './screen-reads.ts';

function useExperimentPodcast() {
  const podcast = usePodcast();
  return podcast && simple(podcast);
}

export function ExperimentsListScreen() {
  const podcast = useExperimentPodcast();
  return podcast && <ExperimentListPage key={podcast.id} podcast={podcast} />;
}

const createRoute = getRouteApi('/app/podcast-required/experiments/create');
export function ExperimentsCreateScreen() {
  const podcast = useExperimentPodcast();
  const { practice_id } = createRoute.useSearch();
  return podcast && <ExperimentCreatePage key={podcast.id} podcast={podcast} practiceId={practice_id} />;
}

/**
 * The loader of experiments.show (routes/experiments.show.tsx): the reads src/shared/first-screens.ts
 * declares for the screen (the experiment, its effect, comments and activity), asked for at once
 * from the route's id instead of the cards asking once the experiment has answered (Entscheidung
 * CLI-20). A Basic podcast sees
 * the upsell and asks for nothing; not awaited, the page shows its own loading and error states.
 */
const showQueries: ReadQueries = {
  experiment: ({ experiment }) => experimentQueryOptions(experiment),
  effect: ({ experiment }) => experimentEffectQueryOptions(experiment),
  comments: ({ experiment }) => commentsQueryOptions(experiment),
  events: ({ experiment }) => eventsQueryOptions(experiment),
};

export async function prefetchExperimentShow(queryClient: QueryClient, id: string) {
  const podcast = await cachedOnStart(queryClient, contextQueryOptions()).catch(() => undefined);
  if (podcast)
    prefetchReads(queryClient, FIRST_SCREENS.experiment.reads(podcast, [id]), {
      ...showQueries,
      ...tipsQuery(podcast),
    });
}

const showRoute = getRouteApi('/app/podcast-required/experiments/$id');
export function ExperimentsShowScreen() {
  const podcast = useExperimentPodcast();
  const id = Number(showRoute.useParams().id);
  return podcast && <ExperimentShowPage key={`${podcast.id}-${id}`} podcast={podcast} experimentId={id} />;
}

const practiceRoute = getRouteApi('/app/podcast-required/practices/$id/experiments');
export function PracticeExperimentsScreen() {
  const podcast = useExperimentPodcast();
  const id = Number(practiceRoute.useParams().id);
  return podcast && <PracticeExperimentsTab key={podcast.id} podcast={podcast} practiceId={id} />;
}
