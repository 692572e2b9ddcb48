// An experiment's action steps: reading, setting or flipping one, and 'Alles erledigt'.
import { sql } from 'kysely';
import type { Database, Db } from '../db/database.ts';
import { loggedChange } from '../db/logged-change.ts';
import { preparedWrite } from '../db/prepared-query.ts';
import { notFound } from '../http/errors.ts';
import { experimentMessages, type ExperimentAction } from '../../shared/experiments.ts';
import { logChanged } from './event-queries.ts';

/** What every log entry of a step change says. */
export const stepEntry = { trackable: 'experiment_action', type: 'updated' } as const;

export type ActionRow = {
  id: number;
  experiment_id: number;
  description: string;
  link_target: string | null;
  link_label: string | null;
  completed_at: string | null;
};

const stepColumns = [
  'id',
  'experiment_id',
  'description',
  'link_target',
  'link_label',
  'completed_at',
] as const;

// Built once (prepared-query.ts): a step set again answers with it.
const stepRowOf = preparedWrite((db: Db, stepId: number) =>
  db.selectFrom('experiment_actions').select(stepColumns).where('id', '=', stepId),
);
/** The step as it is (the guard found it: gone only if deleted meanwhile, then 404). */
const foundStep = (row: ActionRow | undefined) => {
  if (!row) throw notFound(experimentMessages.actionNotFound);
  return row;
};

type Mode = 'flip' | 'complete' | 'reopen';
const modeOf = (completed: boolean | undefined): Mode =>
  completed === undefined ? 'flip' : completed ? 'complete' : 'reopen';

// The three ways to change a step, each one UPDATE … RETURNING that returns the row as changed, or
// nothing when it was in that state already (Entscheidung EXP-1): each flip reads the row its
// UPDATE locked, so every acknowledged flip happened.
type Updater = Pick<Db, 'updateTable'>;
const updateStep = (db: Updater, stepId: number) =>
  db.updateTable('experiment_actions').where('id', '=', stepId).returning(stepColumns);
const updates = {
  // Every right-hand side sees the row before the UPDATE, so both columns flip together.
  flip: (db: Updater, stepId: number, userId: number, at: string) =>
    updateStep(db, stepId).set({
      completed_at: sql<string | null>`CASE WHEN completed_at IS NULL THEN CAST(${at} AS TEXT) END`,
      completed_by: sql<number | null>`CASE WHEN completed_at IS NULL THEN CAST(${userId} AS INTEGER) END`,
    }),
  complete: (db: Updater, stepId: number, userId: number, at: string) =>
    updateStep(db, stepId).set({ completed_at: at, completed_by: userId }).where('completed_at', 'is', null),
  reopen: (db: Updater, stepId: number, _userId: number, _at: string) =>
    updateStep(db, stepId)
      .set({ completed_at: null, completed_by: null })
      .where('completed_at', 'is not', null),
};

// Each mode's UPDATE with its log entries, one write on either engine (db/logged-change.ts; on
// PostgreSQL one statement, Entscheidung EXP-2). Built once each.
type StepArgs = [stepId: number, userId: number, at: string, podcastId: number, experimentId: number];
const loggedStep = (mode: Mode) =>
  loggedChange<StepArgs, ActionRow>({
    change: updates[mode],
    log: (qc, _stepId, userId, at, podcastId, experimentId) =>
      logChanged(qc, { ...stepEntry, podcastId, experimentId, userId, at }),
  });
const setLoggedStep = {
  flip: loggedStep('flip'),
  complete: loggedStep('complete'),
  reopen: loggedStep('reopen'),
};

/**
 * Sets a step to `completed`, or flips it when that is undefined, and logs the change in the same
 * unit of work (nothing is logged when the step was in that state already). Answers the step as
 * it is now.
 */
export function changeStep(
  db: Database,
  step: { podcastId: number; experimentId: number; stepId: number; userId: number; at: string },
  completed: boolean | undefined,
): Promise<{ data: ExperimentAction }> {
  const { podcastId, experimentId, stepId, userId, at } = step;
  return db.write(async (tx) => {
    const [changed] = await setLoggedStep[modeOf(completed)](tx, stepId, userId, at, podcastId, experimentId);
    return { data: serializeAction(changed ?? foundStep((await stepRowOf(tx, stepId)).rows[0])) };
  });
}

export const serializeAction = (a: ActionRow): ExperimentAction => ({
  id: a.id,
  description: a.description,
  completed: a.completed_at !== null,
  has_link: Boolean(a.link_target),
  link_target: a.link_target,
  link_label: a.link_label,
});

// 'Alles erledigt': every open step done (experiment-queries.ts completeAll).
export const completeOpen = (db: Updater, experimentId: number, userId: number, at: string) =>
  db
    .updateTable('experiment_actions')
    .set({ completed_at: at, completed_by: userId })
    .where('experiment_id', '=', experimentId)
    .where('completed_at', 'is', null)
    .returning('id');
