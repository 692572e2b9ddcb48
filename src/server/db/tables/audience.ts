// Listener numbers from outside sources (migration 0025, src/server/audience/).
import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/** A source of a podcast's audience numbers: at most one per type and podcast. */
export interface AudienceSourcesTable {
  id: Generated<number>;
  podcast_id: number;
  /** 'op3' | 'upload'. */
  type: string;
  /** The API token, encrypted with the server's key (audience/token-box.ts); never sent to a client. */
  token_secret: string | null;
  /** The token's last four characters, for 'endet auf …1a2b'. */
  token_hint: string | null;
  /** The show at the source (OP3's showUuid). */
  show_uuid: string | null;
  show_title: string | null;
  /** 'ok' | 'pending' | 'error'. */
  status: string;
  /** German, for the screen: why the last fetch failed or what is still running. */
  message: string | null;
  /** Where an interrupted fetch resumes (JSON: range and continuation token). */
  cursor: string | null;
  /** Failed fetches in a row (backoff). */
  failures: number;
  /** When the job fetches next (ISO UTC); null: never (uploads). */
  next_fetch_at: Timestamp | null;
  last_fetched_at: Timestamp | null;
  created_at: Timestamp;
}

/** One day of one source; a figure the source does not give is null, never 0. */
export interface AudienceDaysTable {
  source_id: number;
  podcast_id: number;
  /** yyyy-MM-dd (OP3: UTC days; uploads: the file's days). */
  day: string;
  downloads: number | null;
  listeners: number | null;
  followers: number | null;
  plays: number | null;
  /** Average listening share in percent (0–100). */
  consumption: number | null;
}

/** An episode's downloads in its first 1/3/7/30 days, as a source counts them. */
export interface AudienceEpisodesTable {
  source_id: number;
  podcast_id: number;
  item_guid: string;
  title: string;
  published_on: string | null;
  downloads_1: number | null;
  downloads_3: number | null;
  downloads_7: number | null;
  downloads_30: number | null;
  downloads_all: number | null;
  /** Further ages the source gives (JSON `{ "14": 812, "90": 1304 }`, days → downloads), or null. */
  ages: string | null;
}

/** An uploaded export waiting for its column mapping (POST …/audience-uploads, then :commit). */
export interface AudienceUploadsTable {
  id: Generated<number>;
  podcast_id: number;
  user_id: number | null;
  file_name: string;
  content: string;
  /** The header row's fingerprint: files of the same shape share a remembered mapping. */
  shape: string;
  created_at: Timestamp;
}

/** The column mapping last committed for a file shape, per podcast (JSON of AudienceMapping). */
export interface AudienceMappingsTable {
  podcast_id: number;
  shape: string;
  mapping: string;
  updated_at: Timestamp;
}
