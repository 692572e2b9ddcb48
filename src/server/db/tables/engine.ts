// The engine's state per podcast: Kompass-KI tips, method flags and scores.
import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/** A Kompass-KI tip (§3 Assistance); `cause` is unique per podcast. */
export interface AssistancesTable {
  id: Generated<number>;
  podcast_id: number;
  rule: string;
  cause: string;
  subject: string;
  message: string;
  created_at: Timestamp;
}

/** When a podcast's tip rules may next name a tip without a write (engine/tips/tip-schedule.ts). */
export interface TipScheduleTable {
  podcast_id: number;
  /** ISO instant; '' = due now. */
  due_at: string;
  /** Wall-clock ms of the evaluation that wrote it. */
  evaluated_at: Generated<number>;
}

/** A flag a podcast set on a method (bookmarks, rejections); one per podcast and method. */
export interface PracticeFlagsTable {
  id: Generated<number>;
  podcast_id: number;
  practice_id: number;
  user_id: number | null;
  created_at: Timestamp;
}

/** 'In Anwendung': the flag with the Berlin day it was set (yyyy-MM-dd). */
export interface PracticeApplicationsTable extends PracticeFlagsTable {
  starts_on: string;
}

/** When a podcast's scores were computed, for which content version. */
export interface PracticeScoreStatesTable {
  podcast_id: number;
  content_version: string;
  refreshed_at: Timestamp;
  /** Of the inputs the scores were computed from (recommend.ts); null before migration 0019. */
  fingerprint: string | null;
  /** The scores as one ranking (recommend.ts: Ranking, JSON); null before migration 0022. */
  ranking: string | null;
  /** How often the ranking was written: a refresh writes only over the one it read (0040). */
  generation: Generated<number>;
}

/** A finished experiment's measured effect, as its method's pooled evidence reads it (0032). */
export interface PracticeEffectContributionsTable {
  experiment_id: number;
  podcast_id: number;
  practice_id: number;
  owner_id: number | null;
  /** ln(observed / expected); null: measured without an answer (too little data). */
  log_ratio: number | null;
  variance: number | null;
  /** The podcast's kind when measured (practices/pooled-kinds.ts). */
  kind: string;
  checked_on: string;
}

/** Per method: the live counts and what was last published (practices/pooled-job.ts). */
export interface PracticePooledStatesTable {
  practice_id: number;
  experiments: number;
  contributors: number;
  published: string | null;
  shown: Generated<number>;
  updated_at: string;
}

/** A published pooled effect of a method for a kind of podcast, in whole percents. */
export interface PracticePooledEffectsTable {
  practice_id: number;
  kind: string;
  experiments: number;
  podcasts: number;
  similar: number;
  fallback: number;
  effect: number;
  low: number;
  high: number;
  spread: number;
  published_at: string;
}
