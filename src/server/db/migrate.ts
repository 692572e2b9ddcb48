import { Migrator, type Migration } from 'kysely';
import type { Database } from './database.ts';
import * as accounts from './migrations/0001-accounts.ts';
import * as content from './migrations/0002-content.ts';
import * as foundation from './migrations/0003-foundation.ts';
import * as imageKeys from './migrations/0004-image-keys.ts';
import * as podcasts from './migrations/0005-podcasts.ts';
import * as registrationTitle from './migrations/0006-registration-title.ts';
import * as team from './migrations/0007-team.ts';
import * as leases from './migrations/0008-leases.ts';
import * as methods from './migrations/0009-methods.ts';
import * as experiments from './migrations/0010-experiments.ts';
import * as idempotencyAssistances from './migrations/0011-idempotency-assistances.ts';
import * as billing from './migrations/0012-billing.ts';
import * as admin from './migrations/0013-admin.ts';
import * as planGrants from './migrations/0014-plan-grants.ts';
import * as push from './migrations/0015-push.ts';
import * as entryDeletions from './migrations/0016-entry-deletions.ts';
import * as scoreFingerprint from './migrations/0019-score-fingerprint.ts';
import * as feedChecks from './migrations/0021-feed-checks.ts';
import * as scoreRankings from './migrations/0022-score-rankings.ts';
import * as changeCounts from './migrations/0023-change-counts.ts';
import * as latestMetrics from './migrations/0024-latest-metrics.ts';
import * as audience from './migrations/0025-audience.ts';
import * as answerTruncate from './migrations/0026-answer-truncate.ts';
import * as dueTimes from './migrations/0028-due-times.ts';
import * as jobDueTimes from './migrations/0029-job-due-times.ts';
import * as accountExports from './migrations/0030-account-exports.ts';
import * as onboardingStep from './migrations/0031-onboarding-step.ts';
import * as pooledEvidence from './migrations/0032-pooled-evidence.ts';
import * as exportChunkOwner from './migrations/0033-export-chunk-owner.ts';
import * as episodeAges from './migrations/0034-episode-ages.ts';
import * as audienceImports from './migrations/0035-audience-imports.ts';
import * as audienceDaysByDay from './migrations/0037-audience-days-by-day.ts';
import * as pooledReads from './migrations/0038-pooled-reads.ts';
import * as scoreGeneration from './migrations/0040-score-generation.ts';
import * as cheaperChangeCounts from './migrations/0041-cheaper-change-counts.ts';

// Listed statically so the bundled server carries its migrations.
const migrations = {
  '0001-accounts': accounts,
  '0002-content': content,
  '0003-foundation': foundation,
  '0004-image-keys': imageKeys,
  '0005-podcasts': podcasts,
  '0006-registration-title': registrationTitle,
  '0007-team': team,
  '0008-leases': leases,
  '0009-methods': methods,
  '0010-experiments': experiments,
  '0011-idempotency-assistances': idempotencyAssistances,
  '0012-billing': billing,
  '0013-admin': admin,
  '0014-plan-grants': planGrants,
  '0015-push': push,
  '0016-entry-deletions': entryDeletions,
  '0019-score-fingerprint': scoreFingerprint,
  '0021-feed-checks': feedChecks,
  '0022-score-rankings': scoreRankings,
  '0023-change-counts': changeCounts,
  '0024-latest-metrics': latestMetrics,
  '0025-audience': audience,
  '0026-answer-truncate': answerTruncate,
  '0028-due-times': dueTimes,
  '0029-job-due-times': jobDueTimes,
  '0030-account-exports': accountExports,
  '0031-onboarding-step': onboardingStep,
  '0032-pooled-evidence': pooledEvidence,
  '0033-export-chunk-owner': exportChunkOwner,
  '0034-episode-ages': episodeAges,
  '0035-audience-imports': audienceImports,
  '0037-audience-days-by-day': audienceDaysByDay,
  '0038-pooled-reads': pooledReads,
  '0040-score-generation': scoreGeneration,
  '0041-cheaper-change-counts': cheaperChangeCounts,
};

/** The newest migration this code knows (readiness asks whether the database has it). */
export const latestMigration = Object.keys(migrations).sort().at(-1)!;

export async function migrate(db: Database) {
  const provider = {
    getMigrations: async () =>
      Object.fromEntries(
        Object.entries(migrations).map(([name, m]): [string, Migration] => [
          name,
          { up: (kysely) => m.up(kysely, db.engine) },
        ]),
      ),
  };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results ?? [];
}
