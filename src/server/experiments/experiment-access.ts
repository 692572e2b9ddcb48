// What every route of an experiment, a step or a comment declares and reads: Pro only (the guard's
// `plan: 'pro'`), observers read, editors and up write (src/shared/roles.ts).
import type { FastifyRequest } from 'fastify';
import type { PodcastAction } from '../../shared/roles.ts';
import { requireUser } from '../access/session.ts';
import { requirePodcast } from '../access/guard.ts';

/** The route config of a route whose `:id` is an experiment (or, `via: 'action'`, a step). */
export const experimentRule = (action: PodcastAction, via: 'experiment' | 'action' = 'experiment') => ({
  podcast: { via, action, plan: 'pro' as const },
});

/** The guard's finding on such a route: the experiment, its podcast, the caller. */
export const guardedExperiment = (request: FastifyRequest) => {
  const access = requirePodcast(request);
  return { experimentId: access.experimentId!, podcastId: access.podcast.id, user: requireUser(request) };
};
