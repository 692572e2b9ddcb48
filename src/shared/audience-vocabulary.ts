// The audience contract's words and limits without zod (src/shared/audience.ts re-exports them):
// the client's screens and the dashboard's widget import these, and a module importing zod would
// pull zod into their chunk (src/client/README.md: no zod on the first paint). 2026-12-01.
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

export const OP3_TOKEN_MAX = 500;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
