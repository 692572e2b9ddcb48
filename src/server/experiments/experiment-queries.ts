// Experiments as the API sends them, and the activity log's one writer.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ExperimentAction, Experiment } from '../../shared/experiments.ts';
import { experimentDays } from './experiment-days.ts';

type Trackable = 'experiment' | 'experiment_action' | 'experiment_metric';
type EventType = 'created' | 'updated' | 'deleted';

/**
 * Records one entry of the activity log. Call it inside the transaction of the change it
 * records, and only when something changed.
 */
export async function recordEvent(
  tx: Db,
  entry: {
    podcastId: number;
    experimentId: number;
    trackable: Trackable;
    trackableId: number | null;
    type: EventType;
    userId: number;
    at: string;
  },
) {
  await tx
    .insertInto('events')
    .values({
      podcast_id: entry.podcastId,
      experiment_id: entry.experimentId,
      trackable_type: entry.trackable,
      trackable_id: entry.trackableId,
      event_type: entry.type,
      user_id: entry.userId,
      created_at: entry.at,
    })
    .execute();
}

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
  const update = tx.updateTable('experiment_actions').where('id', '=', stepId).returning(stepColumns);
  if (completed === undefined) {
    // Every right-hand side sees the row before the UPDATE, so both columns flip together.
    return update
      .set({
        completed_at: sql<string | null>`CASE WHEN completed_at IS NULL THEN CAST(${at} AS TEXT) END`,
        completed_by: sql<number | null>`CASE WHEN completed_at IS NULL THEN CAST(${userId} AS INTEGER) END`,
      })
      .executeTakeFirst();
  }
  return update
    .set(completed ? { completed_at: at, completed_by: userId } : { completed_at: null, completed_by: null })
    .where('completed_at', completed ? 'is' : 'is not', null)
    .executeTakeFirst();
}

export const serializeAction = (a: ActionRow): ExperimentAction => ({
  id: a.id,
  description: a.description,
  completed: a.completed_at !== null,
  has_link: Boolean(a.link_target),
  link_target: a.link_target,
  link_label: a.link_label,
});

/** The podcast's experiments (not deleted), or the one `experimentId`, newest start first. */
export async function loadExperiments(
  db: Db,
  now: Date,
  filter: { podcastId?: number; experimentId?: number; practiceId?: number },
): Promise<Experiment[]> {
  let query = db
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
    .where('e.deleted_at', 'is', null);
  if (filter.podcastId !== undefined) query = query.where('e.podcast_id', '=', filter.podcastId);
  if (filter.experimentId !== undefined) query = query.where('e.id', '=', filter.experimentId);
  if (filter.practiceId !== undefined) query = query.where('e.practice_id', '=', filter.practiceId);
  const rows = await query.orderBy('e.starts_at', 'desc').orderBy('e.id', 'desc').execute();
  if (rows.length === 0) return [];
  const actions = await db
    .selectFrom('experiment_actions')
    .select(['id', 'experiment_id', 'description', 'link_target', 'link_label', 'completed_at'])
    .where(
      'experiment_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('experiment_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
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
    actions: actions.filter((a) => a.experiment_id === r.id).map(serializeAction),
    starts_at: r.starts_at,
    ends_at: r.ends_at,
    ...experimentDays(r.starts_at, r.ends_at, now),
    evaluated: Number(r.finals) > 0,
    created_at: r.created_at,
  }));
}
