// Podcasts and what belongs to them directly: goals, stage, strategy, metrics, settings, episodes, the team and its invitations.
import type { Generated } from 'kysely';
import type { Timestamp, Flag, MetricColumns } from './columns.ts';

export interface PodcastsTable {
  id: Generated<number>;
  title: string;
  name: string | null;
  author: string | null;
  /** 'Choose two': both set or both null. */
  category_id_1: number | null;
  category_id_2: number | null;
  image_id: number | null;
  rss_uri: string | null;
  web_uri: string | null;
  /** When the setup checklist was closed (`POST /api/podcasts/{id}:complete`). */
  completed_at: Timestamp | null;
  /** The trial's length when an admin changed it (null: TRIAL_DAYS). */
  trial_days: number | null;
  /** Pro granted by an admin through this Berlin day (YYYY-MM-DD, inclusive), and why. */
  pro_until: string | null;
  pro_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The podcast a user has selected (GET/POST /api/account/context). */
export interface UserContextsTable {
  user_id: number;
  podcast_id: number;
}

/** Goal importance per metric (none, low, medium, high). */
export interface PodcastObjectivesTable extends MetricColumns {
  podcast_id: number;
}

export interface PodcastStagesTable {
  podcast_id: number;
  commitment: string;
  expansion: string;
  investment: string;
}

export interface PodcastStrategiesTable {
  podcast_id: number;
  subject: string | null;
  audience: string | null;
  uniqueness: string | null;
  tailwind: string | null;
  motivation: string | null;
  referability: string | null;
  expenditure: string | null;
}

export interface PodcastMilestonesTable {
  podcast_id: number;
  metric: string;
  value: string;
}

/** One recorded value of one metric; the rows of a podcast are its history. */
export interface PodcastMetricsTable {
  id: Generated<number>;
  podcast_id: number;
  metric: string;
  value: number;
  /** yyyy-MM-dd in Berlin. */
  recorded_on: string;
  created_at: Timestamp;
  user_id: number | null;
  /** The experiment an evaluation was recorded for (0010); null for a plain metrics entry. */
  experiment_id: number | null;
  /** `interim` or `final` for an experiment's evaluation; null otherwise. */
  evaluation: string | null;
  /** The audience source a value was taken from ('op3', 'upload'); null: typed by hand (0025). */
  source: string | null;
  /** What a source's 'Reichweite' counts: 'followers' or 'downloads_per_week'; else null (0035). */
  measure: string | null;
}

export interface PodcastSettingsTable {
  podcast_id: number;
  key: string;
  value: string;
}

export interface EpisodesTable {
  id: Generated<number>;
  podcast_id: number;
  guid: string;
  title: string;
  web_uri: string | null;
  published_at: Timestamp | null;
}

export interface MembershipsTable {
  id: Generated<number>;
  podcast_id: number;
  user_id: number;
  role: string;
  active: Generated<Flag>;
  created_at: Timestamp;
}

/** An invitation to a podcast's team (§3 Invitation); converted ones are kept, not listed. */
export interface InvitationsTable {
  id: Generated<number>;
  podcast_id: number;
  email: string;
  role: string;
  notes: string | null;
  /** SHA-256 of the token in the newest mail; null until the first mail is rendered. */
  token_hash: string | null;
  invited_by: number | null;
  created_at: Timestamp;
  last_sent_at: Timestamp;
  /** yyyy-MM-dd in Berlin: the last day the link works. */
  expires_on: string;
  converted_at: Timestamp | null;
  converted_user_id: number | null;
}
