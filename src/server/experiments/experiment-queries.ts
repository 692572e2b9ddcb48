// Experiments as the API sends them, and their writes (each with its log entry, in one transaction).
import type { Database, Db } from '../db/database.ts';
import { loggedChange } from '../db/logged-change.ts';
import { notFound } from '../http/errors.ts';
import { experimentMessages, type Experiment } from '../../shared/experiments.ts';
import { experimentDays } from './experiment-days.ts';
import { preparedQuery } from '../db/prepared-query.ts';

import { completeOpen, serializeAction, stepEntry } from './action-queries.ts';
import { logChanged } from './event-queries.ts';
import { sql } from 'kysely';

type Filter = { podcastId?: number; experimentId?: number; practiceId?: number };

/** An experiment's own columns; experimentRows adds its steps, completedExperiment their new state. */
const experimentBase = (db: Db) =>
  db
    .selectFrom('experiments as e')
    .innerJoin('practices as p', 'p.id', 'e.practice_id')
    .innerJoin('podcasts as pc', 'pc.id', 'e.podcast_id')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select([
      'e.id',
      'e.title',
      'e.notes',
      'e.starts_at',
      'e.ends_at',
      'e.created_at',
      'p.id as practice_id',
      'p.title as practice_title',
      'p.teaser as practice_teaser',
      'p.emoji as practice_emoji',
      'pc.id as podcast_id',
      'pc.title as podcast_title',
      'u.id as user_id',
      'u.name as user_name',
    ])
    .select((eb) =>
      eb
        .selectFrom('podcast_metrics as m')
        .select((m) => m.fn.countAll<number>().as('n'))
        .whereRef('m.experiment_id', '=', 'e.id')
        .where('m.evaluation', '=', 'final')
        .as('finals'),
    )
    .where('e.deleted_at', 'is', null)
    // Each experiment's steps as rows of the same statement (none: one row with null columns).
    .leftJoin('experiment_actions as a', 'a.experiment_id', 'e.id')
    .select([
      'a.id as action_id',
      'a.description as action_description',
      'a.link_target as action_link_target',
      'a.link_label as action_link_label',
    ]);

const experimentRows = (db: Db) => experimentBase(db).select('a.completed_at as action_completed_at');
type ExperimentRow = Awaited<ReturnType<ReturnType<typeof experimentRows>['execute']>>[number];

/** Rows of experimentRows (an experiment's rows one after the other, one per step) as the API sends them. */
function toExperiments(rows: ExperimentRow[], now: Date): Experiment[] {
  const experiments: Experiment[] = [];
  let last: Experiment | undefined;
  for (const r of rows) {
    // An experiment's rows follow each other (ordered by it), one per step.
    if (last?.id !== r.id) {
      experiments.push(
        (last = {
          id: r.id,
          title: r.title,
          alias: `E-${r.id}`,
          notes: r.notes,
          practice: {
            id: r.practice_id,
            title: r.practice_title,
            teaser: r.practice_teaser,
            emoji: r.practice_emoji,
          },
          user: r.user_id === null ? null : { id: r.user_id, name: r.user_name },
          podcast: { id: r.podcast_id, title: r.podcast_title },
          actions: [],
          starts_at: r.starts_at,
          ends_at: r.ends_at,
          ...experimentDays(r.starts_at, r.ends_at, now),
          evaluated: Number(r.finals) > 0,
          created_at: r.created_at,
        }),
      );
    }
    if (r.action_id !== null) {
      last.actions.push(
        serializeAction({
          id: r.action_id,
          experiment_id: r.id,
          description: r.action_description!,
          link_target: r.action_link_target,
          link_label: r.action_link_label,
          completed_at: r.action_completed_at,
        }),
      );
    }
  }
  return experiments;
}

// Built once per set of filters given (prepared-query.ts): the list and the one experiment are
// read by every experiment screen and answer every step write. The steps come in the same
// statement, one row per step (Entscheidung EXP-4).
const byFilters = new Map<string, ReturnType<typeof prepareExperiments>>();
const prepareExperiments = (given: (keyof Filter)[]) =>
  preparedQuery((db: Db, podcastId: number, experimentId: number, practiceId: number) => {
    let query = experimentRows(db);
    if (given.includes('podcastId')) query = query.where('e.podcast_id', '=', podcastId);
    if (given.includes('experimentId')) query = query.where('e.id', '=', experimentId);
    if (given.includes('practiceId')) query = query.where('e.practice_id', '=', practiceId);
    return query.orderBy('e.starts_at', 'desc').orderBy('e.id', 'desc').orderBy('a.position').orderBy('a.id');
  });
/** The podcast's experiments (not deleted), or the one `experimentId`, newest start first. */
export async function loadExperiments(db: Db, now: Date, filter: Filter): Promise<Experiment[]> {
  const given = (['podcastId', 'experimentId', 'practiceId'] as const).filter((k) => filter[k] !== undefined);
  const key = given.join();
  let query = byFilters.get(key);
  if (!query) byFilters.set(key, (query = prepareExperiments(given)));
  const rows = await query(db, filter.podcastId ?? 0, filter.experimentId ?? 0, filter.practiceId ?? 0);
  return toExperiments(rows, now);
}

/** One experiment as the API sends it; 404 when it is gone. */
export async function showExperiment(db: Db, now: Date, experimentId: number) {
  const [experiment] = await loadExperiments(db, now, { experimentId });
  if (!experiment) throw notFound(experimentMessages.notFound);
  return experiment;
}

// 'Alles erledigt': the open steps done, one log entry per step and the experiment as it is
// afterwards (one row per step), one write on either engine (db/logged-change.ts; on PostgreSQL one
// statement, Entscheidung EXP-2). That statement's snapshot is from before its UPDATE, so each
// step's state is taken from `changed` where that holds it.
type CompletionArgs = [experimentId: number, userId: number, at: string, podcastId: number];
const completion = loggedChange<CompletionArgs, { id: number }, ExperimentRow>({
  change: completeOpen,
  log: (qc, experimentId, userId, at, podcastId) =>
    logChanged(qc, { ...stepEntry, podcastId, experimentId, userId, at }),
  answer: (qc, experimentId, _userId, at) =>
    // experimentBase takes a Db; the CTEs go with every statement built from qc.
    experimentBase(qc as unknown as Db)
      .where('e.id', '=', experimentId)
      .select(
        sql<
          string | null
        >`CASE WHEN a.id IN (SELECT id FROM changed) THEN CAST(${at} AS TEXT) ELSE a.completed_at END`.as(
          'action_completed_at',
        ),
      )
      .orderBy('a.position')
      .orderBy('a.id'),
});

/**
 * 'Alles erledigt': every open step done, one log entry per step that changed, and the experiment
 * as the API sends it, in one unit of work; 404 when it is gone.
 */
export function completeAll(
  db: Database,
  step: { podcastId: number; experimentId: number; userId: number; at: string },
  now: Date,
): Promise<{ data: Experiment }> {
  const { podcastId, experimentId, userId, at } = step;
  return db.write(async (tx) => {
    const [experiment] = toExperiments(await completion(tx, experimentId, userId, at, podcastId), now);
    if (!experiment) throw notFound(experimentMessages.notFound);
    return { data: experiment };
  });
}
