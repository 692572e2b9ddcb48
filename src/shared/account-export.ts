// 'Meine Daten herunterladen' (settings.account; DSGVO Art. 15/20): the account's latest export.
import { z } from 'zod';
import { resource } from './api.ts';

export const accountExportStatus = z.enum(['none', 'pending', 'ready', 'failed', 'expired']);

/** GET and POST /api/account/export. */
export const accountExportSchema = z.object({
  status: accountExportStatus,
  requested_at: z.string().nullable(),
  ready_at: z.string().nullable(),
  /** After then the archive is gone; a new one can be asked for. */
  expires_at: z.string().nullable(),
  bytes: z.number().nullable(),
  /** When the next one may be asked for (at most one an hour); null: now. */
  next_at: z.string().nullable(),
  /** Built in the background: the account gets a mail when it is ready. */
  notify: z.boolean(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
export const accountExportResponse = resource(accountExportSchema);

/** The path the archive is downloaded from (GET; the signed-in account's ready archive). */
export const ACCOUNT_EXPORT_DOWNLOAD = '/api/account/export/download';
