// The one interface every audience source implements: a range of days in, daily rows out (plus,
// where the source has them, per-episode counts), in batches that each carry the cursor to resume
// from. The caller (the job, the connect route) stores a batch's rows and its cursor together, so
// a fetch broken off by a 429 or an outage resumes after the last stored batch.
// Entscheidung AUD-4: an async iterable of batches, not one big answer.
import type { AudienceSeries } from '../../shared/audience.ts';

/** One day of figures; a series the source does not give is left out (stored as NULL, never 0). */
export type AudienceDayRow = { day: string } & Partial<Record<AudienceSeries, number | null>>;

/** An episode's downloads in its first 1/3/7/30 days and in total, as the source counts them. */
export type AudienceEpisodeRow = {
  item_guid: string;
  title: string;
  /** yyyy-MM-dd, or null when the source does not know it. */
  published_on: string | null;
  downloads_1: number | null;
  downloads_3: number | null;
  downloads_7: number | null;
  downloads_30: number | null;
  downloads_all: number | null;
};

/** Inclusive range of days, yyyy-MM-dd (OP3: UTC days). */
export type DayRange = { from: string; to: string };

export type AudienceBatch = {
  /** Complete days only: a day the source is still in the middle of waits for a later batch. */
  days: AudienceDayRow[];
  /** Replaces the source's episode rows (sent once per fetch, by sources that have them). */
  episodes?: AudienceEpisodeRow[];
  /** Where to resume after this batch (opaque JSON text); null: the range is done. */
  cursor: string | null;
};

export interface AudienceReader {
  /**
   * Reads `range`, starting from `cursor` (a batch's cursor from an earlier, interrupted read of
   * the same range) or from the start. Throws a SourceError when the source refuses or is away.
   */
  read(range: DayRange, cursor: string | null): AsyncIterable<AudienceBatch>;
}

/**
 * Why a source failed: `token` (refused the credentials), `show` (does not know the podcast),
 * `unreachable` (down, timing out, 5xx), `rate` (429: slow down), `answer` (it answered what
 * cannot be right: a page it sent before, a page without new rows, more pages or downloads than
 * the range can hold). The job backs off on `unreachable` and `rate` and keeps the cursor;
 * `token` and `show` wait for the user; `answer` ends the fetch, keeps the days stored so far and
 * starts afresh with the next daily fetch.
 */
export type SourceErrorKind = 'token' | 'show' | 'unreachable' | 'rate' | 'answer';

export class SourceError extends Error {
  constructor(
    readonly kind: SourceErrorKind,
    message: string,
    /** Seconds the source asked us to wait (Retry-After), when it said. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'SourceError';
  }
}

export const isSourceError = (error: unknown): error is SourceError => error instanceof SourceError;
