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
}
