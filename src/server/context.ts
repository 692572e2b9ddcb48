import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { MailQueue } from './mail/mail-queue.ts';
import type { Mailer } from './mail/mailer.ts';

/**
 * The push queue (push/push-queue.ts makes it), said here: the context sits below push/, which
 * reads the plan of access/.
 */
export type PushQueue = {
  /** Looks for due jobs soon (after a tip was queued), outside the caller's request. */
  kick(): void;
  /** Sends everything due now and waits for sends already running (tests, shutdown). */
  drain(): Promise<void>;
  stop(): Promise<void>;
};

/** What every route plugin gets from app.ts: the outside world, set up once. */
export type AppContext = {
  config: Config;
  db: Database;
  /** Sends one mail now; routes queue mail through `mail` instead. */
  mailer: Mailer;
  /** The durable mail queue (mail goes out after the request). */
  mail: MailQueue;
  /** Pushes new tips to the team's devices, after the request (src/server/push/). */
  push: PushQueue;
  /** The only source of the current time on the server. */
  clock: Clock;
  /** HMAC key for signed links, kept in the database. */
  appKey: string;
  /** Cookies get `Secure` when the app is served over https. */
  secure: boolean;
};

/** What the mail worker's renderers get: everything but the queue itself. */
export type MailContext = Omit<AppContext, 'mail'>;
