// The guard's kinds of the experiments (access/kinds.ts): an experiment, one of its steps
// (`action`) and one of its comments, each through an experiment that is not deleted; the
// access row carries the experiment's id. Registered by app.ts before the routes.
import { experimentMessages } from '../../shared/experiments.ts';
import type { AccessQuery, Narrow, PodcastKind } from '../access/access-query.ts';
import type { PodcastVia } from '../access/kinds.ts';

declare module '../access/kinds.ts' {
  interface PodcastKindNames {
    experiment: true;
    action: true;
    comment: true;
  }
}

/** An experiment that is not deleted, joined as `e`. */
const throughExperiment = (query: AccessQuery) =>
  query.innerJoin('experiments as e', (j) =>
    j.onRef('e.podcast_id', '=', 'podcasts.id').on('e.deleted_at', 'is', null),
  );

/** A thing of an experiment (a step, a comment): through the experiment, which must not be deleted. */
const ofExperiment =
  (table: 'experiment_actions' | 'comments'): Narrow =>
  (query, id) =>
    throughExperiment(query)
      .innerJoin(`${table} as subject` as 'comments as subject', 'subject.experiment_id', 'e.id')
      .where('subject.id', '=', id)
      .select('e.id as experiment_id');

const experimentById: Narrow = (query, id) =>
  throughExperiment(query).where('e.id', '=', id).select('e.id as experiment_id');

export const experimentKinds = {
  experiment: { missing: experimentMessages.notFound, narrow: experimentById },
  action: { missing: experimentMessages.actionNotFound, narrow: ofExperiment('experiment_actions') },
  comment: { missing: experimentMessages.commentNotFound, narrow: ofExperiment('comments') },
} satisfies Partial<Record<PodcastVia, PodcastKind>>;
