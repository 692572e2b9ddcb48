// 'Meine Daten herunterladen' (migration 0030, src/server/account/export/).
import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/** An account's latest export; a new request replaces it (at most once an hour). */
export interface AccountExportsTable {
  user_id: number;
  id: string;
  requested_at: Timestamp;
  /** 'pending' | 'ready' | 'failed'. */
  status: string;
  attempts: Generated<number>;
  /** Epoch milliseconds: a worker builds it until then. */
  locked_until: number | null;
  ready_at: Timestamp | null;
  /** After then the archive is deleted. */
  expires_at: Timestamp | null;
  bytes: number | null;
  /** 1: built in the background, the account is told by mail when it is ready. */
  notify: Generated<number>;
}

/** The archive in pieces of up to 256 KiB, in order. */
export interface AccountExportChunksTable {
  export_id: string;
  seq: number;
  bytes: Buffer;
  /** The account (migration 0033): its deletion takes the pieces along. */
  user_id: number | null;
}
