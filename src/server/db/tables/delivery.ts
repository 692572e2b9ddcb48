// Work done after the request: the mail and push queues, push subscriptions and job leases.
import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

export interface MailQueueTable {
  id: Generated<number>;
  template: string;
  /** JSON of the template's payload; the mail is rendered when it is sent. */
  payload: string;
  created_at: Timestamp;
  /** Epoch milliseconds: not before then. */
  run_at: number;
  attempts: Generated<number>;
  /** Epoch milliseconds: a worker holds the lease until then. */
  locked_until: number | null;
  sent_at: Timestamp | null;
  failed_at: Timestamp | null;
  last_error: string | null;
}

/** A device's Web Push subscription; `endpoint` is unique: one device, one user. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  /** base64url, as PushSubscription.toJSON() gives them. */
  p256dh: string;
  auth: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One new tip to push to its podcast's subscribed members (src/server/push/push-queue.ts). */
export interface PushQueueTable {
  id: Generated<number>;
  assistance_id: number;
  created_at: Timestamp;
  /** Epoch milliseconds: not before then. */
  run_at: number;
  attempts: Generated<number>;
  /** Epoch milliseconds: a worker holds the job until then. */
  locked_until: number | null;
  sent_at: Timestamp | null;
}

/** A periodic job's lease: `holder` runs job `name` until `until` (epoch milliseconds). */
export interface LeasesTable {
  name: string;
  holder: string;
  until: number;
}
