// The dashboard's running experiments, apart from the experiment screens (issue 25): the dashboard
// then loads neither the experiment pages nor what they need (markdown, the metrics plot).
import { RunningExperimentsWidget } from '../../features/experiments/components/running-experiments-widget.tsx';
import type { Podcast } from '../../../shared/podcasts.ts';
import { simple } from './experiment-podcast.ts';

/** The dashboard's widget, given the dashboard's podcast. */
export function RunningExperimentsSlot({ podcast }: { podcast: Podcast }) {
  return <RunningExperimentsWidget podcast={simple(podcast)} />;
}
