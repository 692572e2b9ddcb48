// Admin and public forms: the audit log, feedback and newsletter sign-ups.
import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/** One admin write (who, what, when), shown in /nova. */
export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  user_email: string;
  action: string;
  subject_type: string;
  subject_id: string;
  /** JSON of the changed fields. */
  details: string;
  created_at: Timestamp;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number | null;
  email: string | null;
  message: string;
  page: string;
  created_at: Timestamp;
}

/** A newsletter sign-up; it counts once `confirmed_at` is set by the mailed link. */
export interface NewsletterSignupsTable {
  id: Generated<number>;
  email: string;
  token_hash: string | null;
  created_at: Timestamp;
  confirmed_at: Timestamp | null;
}
