import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';

/** What every route plugin gets from app.ts: the outside world, set up once. */
export type AppContext = {
  config: Config;
  db: Database;
  mailer: Mailer;
  /** HMAC key for signed links, kept in the database. */
  appKey: string;
  /** Cookies get `Secure` when the app is served over https. */
  secure: boolean;
};
