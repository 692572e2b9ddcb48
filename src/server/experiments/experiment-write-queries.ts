// An experiment's writes: start, edit, delete, each with its log entry in one transaction.
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { withTx } from '../db/database.ts';
import type { experimentCreateSchema, experimentUpdateSchema } from '../../shared/experiments.ts';
import { recordEvent } from './event-queries.ts';

type ExperimentCreate = z.output<typeof experimentCreateSchema>;
type ExperimentUpdate = z.output<typeof experimentUpdateSchema>;

/** Starts an experiment from a method, with the method's current steps copied in. */
export function createExperiment(
  db: Db,
  by: { podcastId: number; userId: number; at: string },
  practice: { id: number; title: string },
  form: ExperimentCreate,
) {
  const { podcastId, userId, at } = by;
  return withTx(db, async (tx) => {
    const { id } = await tx
      .insertInto('experiments')
      .values({
        podcast_id: podcastId,
        practice_id: practice.id,
        user_id: userId,
        title: form.title ?? practice.title,
        starts_at: form.starts_at,
        ends_at: form.ends_at,
        notes: form.notes,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const steps = await tx
      .selectFrom('practice_actions')
      .select(['id', 'position', 'description', 'link_target', 'link_label'])
      .where('practice_id', '=', practice.id)
      .where('removed_at', 'is', null)
      .orderBy('position')
      .orderBy('id')
      .execute();
    if (steps.length > 0) {
      await tx
        .insertInto('experiment_actions')
        .values(
          steps.map((s, index) => ({
            experiment_id: id,
            practice_action_id: s.id,
            position: index,
            description: s.description,
            link_target: s.link_target,
            link_label: s.link_label,
          })),
        )
        .execute();
    }
    await recordEvent(tx, {
      podcastId,
      experimentId: id,
      trackable: 'experiment',
      trackableId: id,
      type: 'created',
      userId,
      at,
    });
    return id;
  });
}

/** The form's fields as stored, with the method's title when the form has none. */
export const editable = (experimentId: number, db: Db) =>
  db
    .selectFrom('experiments')
    .innerJoin('practices', 'practices.id', 'experiments.practice_id')
    .select([
      'experiments.title',
      'experiments.starts_at',
      'experiments.ends_at',
      'experiments.notes',
      'practices.title as practice_title',
    ])
    .where('experiments.id', '=', experimentId)
    .executeTakeFirstOrThrow();

/** Stores the form when something changed, with its log entry; false when nothing did. */
export async function updateExperiment(
  db: Db,
  by: { podcastId: number; experimentId: number; userId: number; at: string },
  form: ExperimentUpdate,
  stored: Awaited<ReturnType<typeof editable>>,
) {
  const next = {
    title: form.title ?? stored.practice_title,
    starts_at: form.starts_at,
    ends_at: form.ends_at,
    notes: form.notes,
  };
  const changed = (Object.keys(next) as (keyof typeof next)[]).some((k) => next[k] !== stored[k]);
  if (!changed) return false;
  await withTx(db, async (tx) => {
    await tx
      .updateTable('experiments')
      .set({ ...next, updated_at: by.at })
      .where('id', '=', by.experimentId)
      .execute();
    await recordEvent(tx, {
      podcastId: by.podcastId,
      experimentId: by.experimentId,
      trackable: 'experiment',
      trackableId: by.experimentId,
      type: 'updated',
      userId: by.userId,
      at: by.at,
    });
  });
  return true;
}

/** Marks the experiment deleted (its rows and log stay), with the log's `deleted` entry. */
export function deleteExperiment(
  db: Db,
  by: { podcastId: number; experimentId: number; userId: number; at: string },
) {
  return withTx(db, async (tx) => {
    const result = await tx
      .updateTable('experiments')
      .set({ deleted_at: by.at, updated_at: by.at })
      .where('id', '=', by.experimentId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return;
    await recordEvent(tx, {
      podcastId: by.podcastId,
      experimentId: by.experimentId,
      trackable: 'experiment',
      trackableId: by.experimentId,
      type: 'deleted',
      userId: by.userId,
      at: by.at,
    });
  });
}
