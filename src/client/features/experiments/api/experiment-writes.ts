// The experiment's writes that work offline (src/client/offline/offline-write.ts): a step's state,
// 'Alles erledigt' and a comment. Each is sent at once when online, else queued in the outbox and
// replayed in order; a step sends the state it wants (`completed`), so a replay cannot flip it twice.
import type { Experiment } from '../../../../shared/experiments.ts';
import { cacheChange, defineOfflineWrite } from '../../../offline/offline-write.ts';
import { commentsQueryKey, experimentQueryKey, experimentsQueryKey } from './query-keys.ts';

const schemas = () => import('../../../../shared/experiments.ts');

type Scope = { experimentId: number; podcastId: number };

/** The experiment as cached alone and in the podcast's lists. */
const changeExperiment = ({ experimentId, podcastId }: Scope, change: (e: Experiment) => Experiment) => [
  cacheChange<Experiment>(experimentQueryKey(experimentId), true, change),
  cacheChange<Experiment[]>(experimentsQueryKey(podcastId), false, (list) =>
    Array.isArray(list) ? list.map((e) => (e.id === experimentId ? change(e) : e)) : list,
  ),
];

const refetched = ({ experimentId, podcastId }: Scope) => [
  experimentQueryKey(experimentId),
  experimentsQueryKey(podcastId),
];

export type SetActionVars = Scope & { id: number; completed: boolean; description: string };

/** POST /api/experiments/actions/{id} with the state the step should have. */
export const setAction = defineOfflineWrite({
  kind: 'action',
  url: (v: SetActionVars) => `api/experiments/actions/${v.id}`,
  body: (v) => ({ completed: v.completed }),
  response: () => schemas().then((m) => m.actionResource),
  label: (v) => `Aufgabe „${v.description}“ als ${v.completed ? 'erledigt' : 'offen'} markieren`,
  experimentId: (v) => v.experimentId,
  queries: refetched,
  optimistic: (v) =>
    changeExperiment(v, (e) => ({
      ...e,
      actions: e.actions.map((a) => (a.id === v.id ? { ...a, completed: v.completed } : a)),
    })),
});

/** The steps 'Alles erledigt' changes (the open ones), for their marks while it waits. */
export type CompleteAllVars = Scope & { stepIds: number[] };

/** POST /api/experiments/{id}/actions: 'Alles erledigt'. */
export const completeAll = defineOfflineWrite({
  kind: 'actions-complete',
  url: (v: CompleteAllVars) => `api/experiments/${v.experimentId}/actions`,
  body: () => undefined,
  response: () => schemas().then((m) => m.experimentResource),
  label: () => 'Alle Aufgaben als erledigt markieren',
  experimentId: (v) => v.experimentId,
  queries: refetched,
  optimistic: (v) =>
    changeExperiment(v, (e) => ({ ...e, actions: e.actions.map((a) => ({ ...a, completed: true })) })),
});

export type CreateCommentVars = { experimentId: number; content: string };

/**
 * POST /api/experiments/{id}/comments. A waiting comment has no id, author or date yet: it is
 * listed from the outbox under the sent ones ('Noch nicht gesendete Kommentare'), not faked into
 * the cache.
 */
export const createComment = defineOfflineWrite({
  kind: 'comment',
  url: (v: CreateCommentVars) => `api/experiments/${v.experimentId}/comments`,
  body: (v) => ({ content: v.content }),
  response: () => schemas().then((m) => m.commentResource),
  label: (v) => `Kommentar „${v.content}“`,
  experimentId: (v) => v.experimentId,
  queries: (v) => [commentsQueryKey(v.experimentId)],
});
