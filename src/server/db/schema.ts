// Table types for Kysely: one file per domain under tables/ (decision 2026-11-26, issue 20 wall 3),
// assembled here into the database's interface. A new table: its interface in a file under
// tables/ and one line in `DB`.
import type * as accounts from './tables/accounts.ts';
import type * as podcasts from './tables/podcasts.ts';
import type * as content from './tables/content.ts';
import type * as delivery from './tables/delivery.ts';
import type * as experiments from './tables/experiments.ts';
import type * as requests from './tables/requests.ts';
import type * as engine from './tables/engine.ts';
import type * as billing from './tables/billing.ts';
import type * as admin from './tables/admin.ts';
import type { FeedChecksTable } from './tables/feed-checks.ts';

export type * from './tables/accounts.ts';
export type * from './tables/podcasts.ts';
export type * from './tables/content.ts';
export type * from './tables/delivery.ts';
export type * from './tables/experiments.ts';
export type * from './tables/requests.ts';
export type * from './tables/engine.ts';
export type * from './tables/billing.ts';
export type * from './tables/admin.ts';

export interface DB {
  practice_bookmarks: engine.PracticeFlagsTable;
  practice_rejections: engine.PracticeFlagsTable;
  practice_applications: engine.PracticeApplicationsTable;
  practice_score_states: engine.PracticeScoreStatesTable;
  idempotency_keys: requests.IdempotencyKeysTable;
  change_counts: requests.ChangeCountsTable;
  assistances: engine.AssistancesTable;
  audit_log: admin.AuditLogTable;
  feedback: admin.FeedbackTable;
  newsletter_signups: admin.NewsletterSignupsTable;
  leases: delivery.LeasesTable;
  steady_accounts: billing.SteadyAccountsTable;
  contracts: billing.ContractsTable;
  mail_queue: delivery.MailQueueTable;
  push_subscriptions: delivery.PushSubscriptionsTable;
  push_queue: delivery.PushQueueTable;
  users: accounts.UsersTable;
  profiles: accounts.ProfilesTable;
  sessions: accounts.SessionsTable;
  images: accounts.ImagesTable;
  password_resets: accounts.PasswordResetsTable;
  throttles: accounts.ThrottlesTable;
  access_codes: accounts.AccessCodesTable;
  secrets: accounts.SecretsTable;
  podcasts: podcasts.PodcastsTable;
  memberships: podcasts.MembershipsTable;
  invitations: podcasts.InvitationsTable;
  user_contexts: podcasts.UserContextsTable;
  podcast_objectives: podcasts.PodcastObjectivesTable;
  podcast_stages: podcasts.PodcastStagesTable;
  podcast_strategies: podcasts.PodcastStrategiesTable;
  podcast_milestones: podcasts.PodcastMilestonesTable;
  podcast_metrics: podcasts.PodcastMetricsTable;
  feed_checks: FeedChecksTable;
  experiments: experiments.ExperimentsTable;
  experiment_actions: experiments.ExperimentActionsTable;
  comments: experiments.CommentsTable;
  events: experiments.EventsTable;
  podcast_settings: podcasts.PodcastSettingsTable;
  episodes: podcasts.EpisodesTable;
  practices: content.PracticesTable;
  practice_contexts: content.PracticeContextsTable;
  practice_ratings: content.PracticeRatingsTable;
  practice_actions: content.PracticeActionsTable;
  keywords: content.KeywordsTable;
  practice_keywords: content.PracticeKeywordsTable;
  compilations: content.CompilationsTable;
  compilation_practices: content.CompilationPracticesTable;
  advices: content.AdvicesTable;
  categories: content.CategoriesTable;
  changelog_items: content.ChangelogItemsTable;
  roadmap_items: content.RoadmapItemsTable;
}
