// Experiments, their steps, comments and activity log.
import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/** An experiment: one method tried in one podcast from starts_at through ends_at. */
export interface ExperimentsTable {
  id: Generated<number>;
  podcast_id: number;
  practice_id: number;
  /** Who started it (null once that account is gone). */
  user_id: number | null;
  title: string;
  /** yyyy-MM-dd, Berlin calendar days, both included. */
  starts_at: string;
  ends_at: string;
  notes: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Deleted experiments stay for the activity log; no route shows them. */
  deleted_at: Timestamp | null;
}

/** An action step of an experiment, copied from the method's step when the experiment started. */
export interface ExperimentActionsTable {
  id: Generated<number>;
  experiment_id: number;
  practice_action_id: number | null;
  position: number;
  description: string;
  link_target: string | null;
  link_label: string | null;
  completed_at: Timestamp | null;
  completed_by: number | null;
}

/** A comment on an experiment: plain text, rendered as text. */
export interface CommentsTable {
  id: Generated<number>;
  experiment_id: number;
  user_id: number | null;
  content: string;
  created_at: Timestamp;
}

/**
 * The activity log (§3 Event): `event_type` created, updated, deleted, login or logout on a
 * `trackable_type` experiment, experiment_action or experiment_metric. Written in the transaction
 * of the change it records.
 */
export interface EventsTable {
  id: Generated<number>;
  podcast_id: number;
  experiment_id: number | null;
  trackable_type: string;
  trackable_id: number | null;
  event_type: string;
  user_id: number | null;
  created_at: Timestamp;
}
