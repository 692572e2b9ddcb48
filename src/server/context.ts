import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { MailQueue } from './mail/mail-queue.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PushQueue } from './push/push-queue.ts';

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
