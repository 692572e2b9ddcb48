// Experiment screens with the selected podcast (features/podcasts) handed to the experiment
// components (features/experiments): features never import each other. Loaded lazily.
import { getRouteApi } from '@tanstack/react-router';
import { usePodcast } from '../../features/podcasts/api/get-context.ts';
import { ExperimentCreatePage } from '../../features/experiments/components/experiment-create-page.tsx';
import { ExperimentListPage } from '../../features/experiments/components/experiment-list-page.tsx';
import { ExperimentShowPage } from '../../features/experiments/components/experiment-show-page.tsx';
import { PracticeExperimentsTab } from '../../features/experiments/components/practice-experiments-tab.tsx';

import { simple } from './experiment-podcast.ts';

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
