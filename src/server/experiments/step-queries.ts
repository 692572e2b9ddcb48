// An experiment's action steps: reading, setting or flipping one, and 'Alles erledigt'.
import { sql } from 'kysely';
import type { ExperimentAction } from '../../shared/experiments.ts';
import type { Db } from '../db/database.ts';
import { preparedWrite } from '../db/prepared-query.ts';
import { recordEvent } from './event-queries.ts';

type ActionRow = {
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

export const stepRow = (db: Db, stepId: number) =>
  db.selectFrom('experiment_actions').select(stepColumns).where('id', '=', stepId).executeTakeFirstOrThrow();

/**
 * Sets a step to `completed`, or flips it when that is undefined, in one UPDATE … RETURNING: the
 * row as changed, or undefined when it was in that state already. Decision 2026-11-26 (issue 20):
 * a flip that read the state first and wrote it after lost concurrent flips on PostgreSQL while
 * answering 200 for each; here each flip reads the row its UPDATE locked, so every acknowledged
 * flip happened (call it inside the transaction that records its event).
 */
export async function setStep(
  tx: Db,
  stepId: number,
  completed: boolean | undefined,
  userId: number,
  at: string,
) {
  const write = completed === undefined ? flipStep : completed ? completeStep : reopenStep;
  return (await write(tx, stepId, userId, at)).rows[0];
}

// setStep's three statements, built once (prepared-query.ts).
const updateStep = (tx: Db, stepId: number) =>
  tx.updateTable('experiment_actions').where('id', '=', stepId).returning(stepColumns);
// Every right-hand side sees the row before the UPDATE, so both columns flip together.
const flipStep = preparedWrite((tx: Db, stepId: number, userId: number, at: string) =>
  updateStep(tx, stepId).set({
    completed_at: sql<string | null>`CASE WHEN completed_at IS NULL THEN CAST(${at} AS TEXT) END`,
    completed_by: sql<number | null>`CASE WHEN completed_at IS NULL THEN CAST(${userId} AS INTEGER) END`,
  }),
);
const completeStep = preparedWrite((tx: Db, stepId: number, userId: number, at: string) =>
  updateStep(tx, stepId).set({ completed_at: at, completed_by: userId }).where('completed_at', 'is', null),
);
const reopenStep = preparedWrite((tx: Db, stepId: number, _userId: number, _at: string) =>
  updateStep(tx, stepId)
    .set({ completed_at: null, completed_by: null })
    .where('completed_at', 'is not', null),
);

export const serializeAction = (a: ActionRow): ExperimentAction => ({
  id: a.id,
  description: a.description,
  completed: a.completed_at !== null,
  has_link: Boolean(a.link_target),
  link_target: a.link_target,
  link_label: a.link_label,
});

/** 'Alles erledigt': every open step done, one log entry per step that changed (inside a transaction). */
export async function completeAll(
  tx: Db,
  step: { podcastId: number; experimentId: number; userId: number; at: string },
) {
  const done = await tx
    .updateTable('experiment_actions')
    .set({ completed_at: step.at, completed_by: step.userId })
    .where('experiment_id', '=', step.experimentId)
    .where('completed_at', 'is', null)
    .returning('id')
    .execute();
  for (const { id } of done) {
    await recordEvent(tx, {
      podcastId: step.podcastId,
      experimentId: step.experimentId,
      trackable: 'experiment_action',
      trackableId: id,
      type: 'updated',
      userId: step.userId,
      at: step.at,
    });
  }
}
