import type { Generated } from 'kysely';

/** One Feed-Check of a podcast's feed (0021); findings and rhythm as JSON. */
export interface FeedChecksTable {
  id: Generated<number>;
  podcast_id: number;
  checked_at: string;
  findings: string;
  rhythm: string;
}

/** When a podcast's feed is next due for its check (0029); ISO instant, '' = due now. */
export interface FeedCheckScheduleTable {
  podcast_id: number;
  due_at: string;
}
