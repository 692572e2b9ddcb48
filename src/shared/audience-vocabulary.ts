// The audience contract's words and limits without zod (src/shared/audience.ts re-exports them):
// the client's screens and the dashboard's widget import these, and a module importing zod would
// pull zod into their chunk (Entscheidung SHR-6).
export const audienceSourceType = ['op3', 'upload'] as const;
export const audienceSourceStatus = ['ok', 'pending', 'error'] as const;

/** The series an upload's columns can be assigned to, with their German names. */
export const audienceSeries = ['downloads', 'listeners', 'followers', 'plays', 'consumption'] as const;
export type AudienceSeries = (typeof audienceSeries)[number];
export const audienceSeriesLabels: Record<AudienceSeries, string> = {
  downloads: 'Downloads',
  listeners: 'Hörer:innen',
  followers: 'Follower',
  plays: 'Wiedergaben',
  consumption: 'Durchschnittlich gehört (%)',
};

/**
 * What kind of table an upload is, decided before its columns are mapped (upload-kinds.ts): a
 * series per day, a table with a row per episode, a running total (imported as the differences
 * from day to day), a series per week (not stored: audience days hold days), or nothing usable.
 */
export const uploadKinds = ['daily', 'episodes', 'running_total', 'weekly', 'unusable'] as const;
export type UploadKind = (typeof uploadKinds)[number];
export const uploadKindLabels: Record<UploadKind, string> = {
  daily: 'Zahlen je Tag',
  episodes: 'Tabelle je Folge',
  running_total: 'Laufende Summe',
  weekly: 'Zahlen je Woche',
  unusable: 'Nicht verwendbar',
};

export const OP3_TOKEN_MAX = 500;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/**
 * An upload's columns and values (rows below the header × its columns), Entscheidung SHR-2: a
 * daily export has a handful of columns and a row a day (250,000 values are 35,000 days of 7).
 */
export const UPLOAD_MAX_COLUMNS = 200;
export const UPLOAD_MAX_CELLS = 250_000;
/** Characters in one row: 200 columns of 300 characters; a longer row is no export's. */
export const UPLOAD_MAX_ROW_CHARS = 65_536;
