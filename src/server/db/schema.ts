// Table types for Kysely. Timestamps are ISO-8601 UTC strings and flags are 0/1 integers in both
// SQLite and PostgreSQL, so one query code base runs on both engines.
import type { Generated } from 'kysely';
import type { FeedChecksTable } from './tables/feed-checks.ts';

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
  /** Set by an edit in /nova; the seed leaves such a row alone. */
  edited_at?: Timestamp | null;
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
  /** Set by an edit in /nova; the seed leaves such a row alone. */
  edited_at?: Timestamp | null;
}

export interface CompilationPracticesTable {
  compilation_id: number;
  practice_id: number;
  position: number;
}

export interface AdvicesTable {
  id: number;
  content: string;
  /** Set by an edit in /nova; the seed leaves such a row alone. */
  edited_at?: Timestamp | null;
  /** Deleted in /nova: kept so a re-seed does not bring it back; every reader skips it. */
  deleted_at?: Timestamp | null;
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
  /** Set by an edit in /nova; the seed leaves such a row alone. */
  edited_at?: Timestamp | null;
  /** Deleted in /nova: kept so a re-seed does not bring it back; every reader skips it. */
  deleted_at?: Timestamp | null;
}

export interface RoadmapItemsTable {
  id: number;
  title: string;
  content: string;
  position: number;
  /** Set by an edit in /nova; the seed leaves such a row alone. */
  edited_at?: Timestamp | null;
  /** Deleted in /nova: kept so a re-seed does not bring it back; every reader skips it. */
  deleted_at?: Timestamp | null;
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

/** A device's Web Push subscription (issue 10); `endpoint` is unique: one device, one user. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  /** base64url, as PushSubscription.toJSON() gives them. */
  p256dh: string;
  auth: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One new tip to push to its podcast's subscribed members (src/server/push/push-queue.ts). */
export interface PushQueueTable {
  id: Generated<number>;
  assistance_id: number;
  created_at: Timestamp;
  /** Epoch milliseconds: not before then. */
  run_at: number;
  attempts: Generated<number>;
  /** Epoch milliseconds: a worker holds the job until then. */
  locked_until: number | null;
  sent_at: Timestamp | null;
}

/** A periodic job's lease: `holder` runs job `name` until `until` (epoch milliseconds). */
export interface LeasesTable {
  name: string;
  holder: string;
  until: number;
}

/** An experiment (issue 9): one method tried in one podcast from starts_at through ends_at. */
export interface ExperimentsTable {
  id: Generated<number>;
  podcast_id: number;
  practice_id: number;
  /** Who started it (null once that account is gone). */
  user_id: number | null;
  title: string;
  /** yyyy-MM-dd, Berlin calendar days, both included. */
  starts_at: string;
  ends_at: string;
  notes: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Deleted experiments stay for the activity log; no route shows them. */
  deleted_at: Timestamp | null;
}

/** An action step of an experiment, copied from the method's step when the experiment started. */
export interface ExperimentActionsTable {
  id: Generated<number>;
  experiment_id: number;
  practice_action_id: number | null;
  position: number;
  description: string;
  link_target: string | null;
  link_label: string | null;
  completed_at: Timestamp | null;
  completed_by: number | null;
}

/** A comment on an experiment: plain text, rendered as text. */
export interface CommentsTable {
  id: Generated<number>;
  experiment_id: number;
  user_id: number | null;
  content: string;
  created_at: Timestamp;
}

/**
 * The activity log (§3 Event): `event_type` created, updated, deleted, login or logout on a
 * `trackable_type` experiment, experiment_action or experiment_metric. Written in the transaction
 * of the change it records.
 */
export interface EventsTable {
  id: Generated<number>;
  podcast_id: number;
  experiment_id: number | null;
  trackable_type: string;
  trackable_id: number | null;
  event_type: string;
  user_id: number | null;
  created_at: Timestamp;
}

/** One Idempotency-Key of one caller (src/server/http/idempotency.ts); times in epoch ms. */
export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  /** Method and URL of the first request with the key. */
  request: string;
  body_hash: string;
  state: 'running' | 'done';
  /** The request (random id) that acts on the key. */
  holder: string;
  status: number | null;
  content_type: string | null;
  response: string | null;
  created_at: number;
  locked_until: number;
  expires_at: number;
}

/** A Kompass-KI tip (§3 Assistance); `cause` is unique per podcast. */
export interface AssistancesTable {
  id: Generated<number>;
  podcast_id: number;
  rule: string;
  cause: string;
  subject: string;
  message: string;
  created_at: Timestamp;
}

/** A flag a podcast set on a method (bookmarks, rejections); one per podcast and method. */
export interface PracticeFlagsTable {
  id: Generated<number>;
  podcast_id: number;
  practice_id: number;
  user_id: number | null;
  created_at: Timestamp;
}

/** 'In Anwendung': the flag with the Berlin day it was set (yyyy-MM-dd). */
export interface PracticeApplicationsTable extends PracticeFlagsTable {
  starts_on: string;
}

/** The engine's score of a method for a podcast: similarity × 1000, reasons as short codes. */
export interface PracticeScoresTable {
  podcast_id: number;
  practice_id: number;
  score: number;
  reasons: string;
}

/** When a podcast's scores were computed, for which content version. */
export interface PracticeScoreStatesTable {
  podcast_id: number;
  content_version: string;
  refreshed_at: Timestamp;
  /** Of the inputs the scores were computed from (recommend.ts); null before migration 0019. */
  fingerprint: string | null;
}

/** A user's connection to the membership provider; tokens never leave the server. */
export interface SteadyAccountsTable {
  user_id: number;
  steady_user_id: string | null;
  email: string | null;
  access_token: string | null;
  refresh_token: string | null;
  token_expires_at: Timestamp | null;
  subscription_id: string | null;
  /** in_trial | active | not_renewing | none, as last read from the provider. */
  state: Generated<string>;
  period: string | null;
  plan_name: string | null;
  cancelled_at: Timestamp | null;
  expires_at: Timestamp | null;
  checked_at: Timestamp;
}

/** The podcast a user's subscription unlocks (one each way). */
export interface ContractsTable {
  podcast_id: number;
  user_id: number;
  created_at: Timestamp;
}

/** One admin write (who, what, when), shown in /nova. */
export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  user_email: string;
  action: string;
  subject_type: string;
  subject_id: string;
  /** JSON of the changed fields. */
  details: string;
  created_at: Timestamp;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number | null;
  email: string | null;
  message: string;
  page: string;
  created_at: Timestamp;
}

/** A newsletter sign-up; it counts once `confirmed_at` is set by the mailed link. */
export interface NewsletterSignupsTable {
  id: Generated<number>;
  email: string;
  token_hash: string | null;
  created_at: Timestamp;
  confirmed_at: Timestamp | null;
}

export interface DB {
  practice_bookmarks: PracticeFlagsTable;
  practice_rejections: PracticeFlagsTable;
  practice_applications: PracticeApplicationsTable;
  practice_scores: PracticeScoresTable;
  practice_score_states: PracticeScoreStatesTable;
  idempotency_keys: IdempotencyKeysTable;
  assistances: AssistancesTable;
  audit_log: AuditLogTable;
  feedback: FeedbackTable;
  newsletter_signups: NewsletterSignupsTable;
  leases: LeasesTable;
  steady_accounts: SteadyAccountsTable;
  contracts: ContractsTable;
  mail_queue: MailQueueTable;
  push_subscriptions: PushSubscriptionsTable;
  push_queue: PushQueueTable;
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
  feed_checks: FeedChecksTable;
  experiments: ExperimentsTable;
  experiment_actions: ExperimentActionsTable;
  comments: CommentsTable;
  events: EventsTable;
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
