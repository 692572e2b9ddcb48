// Table types for Kysely. Timestamps are ISO-8601 UTC strings and flags are 0/1 integers in both
// SQLite and PostgreSQL, so one query code base runs on both engines.
import type { Generated } from 'kysely';

type Timestamp = string;
type Flag = number;

/** One level (none, low, medium, high) for each of the eight metrics of spec §3. */
interface MetricColumns {
  coverage: string;
  throughput: string;
  reputation: string;
  interaction: string;
  monetization: string;
  expertise: string;
  referability: string;
  enjoyment: string;
}

export interface UsersTable {
  id: Generated<number>;
  name: string | null;
  email: string;
  password_hash: string;
  role: string;
  email_verified_at: Timestamp | null;
  granted: Generated<Flag>;
  image_id: number | null;
  steady_user_email: string | null;
  /** A new address waiting for confirmation (the current one keeps working until then). */
  pending_email: string | null;
  podcast_title: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProfilesTable {
  user_id: number;
  username: string;
  position: string | null;
  language: string;
  referrer: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  user_agent: string | null;
}

export interface ImagesTable {
  id: Generated<number>;
  /** Random, URL-safe; the image's address is `/api/images/{key}`. */
  key: string;
  bytes: Buffer;
  mime: string;
  created_at: Timestamp;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface ThrottlesTable {
  key: string;
  hits: number;
  reset_at: number;
}

export interface AccessCodesTable {
  code: string;
  note: string | null;
  created_at: Timestamp;
  redeemed_by: number | null;
  redeemed_at: Timestamp | null;
}

export interface SecretsTable {
  key: string;
  value: string;
}

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

export interface PracticesTable {
  id: number;
  title: string;
  claim: string;
  teaser: string;
  emoji: string;
  area: string;
  duration_days: number;
  description: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PracticeContextsTable {
  practice_id: number;
  relevance: string;
  application: string;
  investment: string;
  commitment: string;
  endurance: string;
  recurrence: string;
  continuation: string;
  expansion: string;
  /** JSON array of realization keys. */
  realization: string;
}

/** Potential per metric (none, low, medium, high). */
export interface PracticeRatingsTable extends MetricColumns {
  practice_id: number;
}

export interface PracticeActionsTable {
  id: number;
  practice_id: number;
  position: number;
  description: string;
  link_target: string | null;
  link_label: string | null;
  removed_at: Timestamp | null;
}

export interface KeywordsTable {
  handle: string;
  title: string;
  position: number;
}

export interface PracticeKeywordsTable {
  practice_id: number;
  keyword: string;
  position: number;
}

export interface CompilationsTable {
  id: number;
  title: string;
  emoji: string;
  type: string;
  description: string;
}

export interface CompilationPracticesTable {
  compilation_id: number;
  practice_id: number;
  position: number;
}

export interface AdvicesTable {
  id: number;
  content: string;
}

export interface CategoriesTable {
  id: number;
  display: string;
}

export interface ChangelogItemsTable {
  id: number;
  title: string;
  release: string;
  released_at: string;
  content: string;
}

export interface RoadmapItemsTable {
  id: number;
  title: string;
  content: string;
  position: number;
}

export interface MailQueueTable {
  id: Generated<number>;
  template: string;
  /** JSON of the template's payload; the mail is rendered when it is sent. */
  payload: string;
  created_at: Timestamp;
  /** Epoch milliseconds: not before then. */
  run_at: number;
  attempts: Generated<number>;
  /** Epoch milliseconds: a worker holds the lease until then. */
  locked_until: number | null;
  sent_at: Timestamp | null;
  failed_at: Timestamp | null;
  last_error: string | null;
}

export interface DB {
  mail_queue: MailQueueTable;
  users: UsersTable;
  profiles: ProfilesTable;
  sessions: SessionsTable;
  images: ImagesTable;
  password_resets: PasswordResetsTable;
  throttles: ThrottlesTable;
  access_codes: AccessCodesTable;
  secrets: SecretsTable;
  podcasts: PodcastsTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  user_contexts: UserContextsTable;
  podcast_objectives: PodcastObjectivesTable;
  podcast_stages: PodcastStagesTable;
  podcast_strategies: PodcastStrategiesTable;
  podcast_milestones: PodcastMilestonesTable;
  podcast_metrics: PodcastMetricsTable;
  podcast_settings: PodcastSettingsTable;
  episodes: EpisodesTable;
  practices: PracticesTable;
  practice_contexts: PracticeContextsTable;
  practice_ratings: PracticeRatingsTable;
  practice_actions: PracticeActionsTable;
  keywords: KeywordsTable;
  practice_keywords: PracticeKeywordsTable;
  compilations: CompilationsTable;
  compilation_practices: CompilationPracticesTable;
  advices: AdvicesTable;
  categories: CategoriesTable;
  changelog_items: ChangelogItemsTable;
  roadmap_items: RoadmapItemsTable;
}
