// Assembles the Fastify app from its plugins; tests inject into the result.
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import '../shared/zod-locale.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { createDatabase, type Database } from './db/database.ts';
import { waitForDatabase } from './db/faults.ts';
import { migrate } from './db/migrate.ts';
import { healthRoutes } from './http/health-routes.ts';
import { registerPipeline } from './pipeline/pipeline.ts';
import { registerCsrfRoute } from './auth/csrf.ts';
import { secret } from './auth/secrets.ts';
import { systemClock, type Clock } from './clock.ts';
import { clientErrorHandler, errorHandler, frameworkErrors } from './http/errors.ts';
import { createSerializers } from './http/serializer.ts';
import { warmAfterListen } from './http/warm-serializers.ts';
import { registerRouteOf } from './http/route-of.ts';
import { lazyChildLogger, RequestLogController } from './http/request-log.ts';
import { registerSendHook } from './http/send-hook.ts';
import { registerStaticClient } from './http/static-client.ts';
import { feedRoutes } from './podcasts/feed-routes.ts';
import { feedCheckRoutes } from './feed-check/feed-check-routes.ts';
import { startFeedCheckJob } from './feed-check/feed-check.ts';
import { imageRoutes } from './images/image-routes.ts';
import { startAudienceJob, type AudienceJob } from './audience/audience-job.ts';
import { audienceSourceRoutes } from './audience/source-routes.ts';
import { audienceUploadRoutes } from './audience/upload-routes.ts';
import { audienceRoutes } from './audience/audience-routes.ts';
import { detectableRoutes } from './audience/detectable-routes.ts';
import { audienceEpisodeRoutes } from './audience/episode-routes.ts';
import { createMailQueue } from './mail/mail-queue.ts';
import { accountMails } from './account/account-mails.ts';
import { exportMails } from './account/export/export-mail.ts';
import { accountExportRoutes } from './account/export/export-routes.ts';
import { startExportJob, type ExportJob } from './account/export/export-job.ts';
import { invitationMails } from './team/invitation-mail.ts';
import { newsletterMails } from './newsletter/newsletter-mail.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { accountRoutes } from './account/account-routes.ts';
import { onboardingRoutes } from './account/onboarding-routes.ts';
import { passwordRoutes } from './account/password-routes.ts';
import { imageUploadRoutes, profileRoutes } from './account/profile-routes.ts';
import { sessionRoutes } from './account/session-routes.ts';
import { verificationRoutes } from './account/verification-routes.ts';
import { contextRoutes } from './podcasts/context-routes.ts';
import { registerPodcastGuard, vanishedMessage } from './access/guard.ts';
import { registerPodcastKinds } from './access/kinds.ts';
import { experimentKinds } from './experiments/experiment-kinds.ts';
import { teamKinds } from './team/team-kinds.ts';
import { assistanceKinds } from './assistances/assistance-kinds.ts';
import { objectiveRoutes } from './podcasts/objective-routes.ts';
import { stageRoutes } from './podcasts/stage-routes.ts';
import { strategyRoutes } from './podcasts/strategy-routes.ts';
import { milestoneRoutes } from './podcasts/milestone-routes.ts';
import { settingRoutes } from './podcasts/setting-routes.ts';
import { podcastMetricRoutes } from './podcasts/metric-routes.ts';
import { podcastRoutes } from './podcasts/podcast-routes.ts';
import { contentRoutes } from './content/content-routes.ts';
import { podcastPracticeRoutes } from './practices/podcast-practice-routes.ts';
import { practiceFlagRoutes } from './practices/practice-flag-routes.ts';
import { pooledRoutes } from './practices/pooled-routes.ts';
import { startPooledJob } from './practices/pooled-job.ts';
import { commentRoutes } from './experiments/comment-routes.ts';
import { eventRoutes } from './experiments/event-routes.ts';
import { experimentRoutes } from './experiments/experiment-routes.ts';
import { effectRoutes } from './experiments/effect-routes.ts';
import { actionRoutes } from './experiments/action-routes.ts';
import { practiceRoutes } from './practices/practice-routes.ts';
import { invitationRoutes } from './team/invitation-routes.ts';
import { membershipRoutes } from './team/membership-routes.ts';
import { userRoutes } from './users/user-routes.ts';
import { assistanceRoutes } from './assistances/assistance-routes.ts';
import { evaluateTips, registerTips } from './engine/tips/evaluate-tips.ts';
import { billingRoutes } from './billing/billing-routes.ts';
import { steadyClient } from './billing/steady-client.ts';
import { recheckAll } from './billing/subscriptions.ts';
import { startPeriodicJob, type PeriodicJob } from './jobs/lease.ts';
import { movableClock, testHookRoutes } from './test-hooks.ts';
import { adminRoutes } from './admin/admin-routes.ts';
import { adminAdviceRoutes } from './admin/content/advice-routes.ts';
import { adminChangelogRoutes } from './admin/content/changelog-routes.ts';
import { adminCompilationRoutes } from './admin/content/compilation-routes.ts';
import { adminPracticeRoutes } from './admin/content/practice-routes.ts';
import { adminRoadmapRoutes } from './admin/content/roadmap-routes.ts';
import { registerStaffGuard } from './access/staff.ts';
import { adminUserRoutes } from './admin/user-routes.ts';
import { feedbackRoutes } from './feedback/feedback-routes.ts';
import { newsletterRoutes } from './newsletter/newsletter-routes.ts';
import { createPushQueue } from './push/push-queue.ts';
import { pushRoutes } from './push/push-routes.ts';
import { vapidKeys } from './push/vapid.ts';

/** A resource's routes (and its own hooks), registered as an encapsulated plugin. */
type Resource = (scope: FastifyInstance, ctx: AppContext) => void | Promise<void>;

export type BuildOptions = {
  db?: Database;
  mailer?: Mailer;
  /** false: no log; a stream: the log's lines go there (tests read them). */
  logger?: boolean | { write(line: string): void };
  clock?: Clock;
  /** Sees every route as it is registered (tests read the route table through it). */
  onRoute?: (route: RouteOptions) => void;
};

export async function buildApp(config: Config, options: BuildOptions = {}) {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, ...(typeof options.logger === 'object' && { stream: options.logger }) },
    // Only configured proxies may say who the client is (TRUST_PROXY); throttles key on it.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    logController: new RequestLogController(),
    childLoggerFactory: lazyChildLogger,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
    // On close (SIGTERM, main.ts) the listener stops taking connections; a request that already
    // reached us on an open connection is served, not refused with 503: the database closes only
    // after the last one (tests/bench/rolling-restart.ts counted such 503s behind nginx).
    return503OnClosing: false,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  const serializers = createSerializers();
  app.setSerializerCompiler(serializers.compiler);
  app.decorate('serializers', {
    successes: serializers.successes,
    warm: warmAfterListen(app, serializers.successes),
  });
  const db = options.db ?? createDatabase(config, app.log);
  app.setErrorHandler(errorHandler(db.faults, vanishedMessage));
  // The database may still be starting: wait for it (db/faults.ts says how long).
  await waitForDatabase(() => migrate(db), app.log, { timeoutMs: config.database.startTimeoutMs });
  const changes = db.watchChanges?.();
  // KOMPASS_TEST_CLOCK=1 (browser journeys only): a clock the journeys can move.
  const testClock = config.testHooks && !options.clock ? movableClock() : undefined;
  const clock = options.clock ?? testClock ?? systemClock;
  const partial = {
    config,
    db,
    clock,
    mailer: options.mailer ?? createMailer({ ...config, from: config.mailFrom, log: app.log, clock }),
    appKey: await secret(db, 'app_key'),
    secure: config.appUrl.startsWith('https://'),
  };
  const vapid = await vapidKeys(db);
  const withPush = { ...partial, push: createPushQueue(partial, vapid, app.log) };
  const ctx: AppContext = {
    ...withPush,
    mail: createMailQueue(
      withPush,
      { ...accountMails, ...exportMails, ...invitationMails, ...newsletterMails },
      app.log,
    ),
  };

  registerRouteOf(app);
  // What another connection committed counts from here on (db/change-watch.ts), before any hook
  // below asks for a version.
  if (changes) {
    app.addHook('onRequest', function seeOtherCommits(_request, _reply, done) {
      changes.look();
      done();
    });
  }
  await app.register(cookie);
  // The request pipeline (pipeline/README.md: its hooks in order), before the send hook, which
  // compresses: replays and kept answers are stored as serialized.
  const { idempotencyCleanup } = registerPipeline(app, ctx, changes);
  registerSendHook(app, ctx.secure);
  registerPodcastGuard(app);
  // Each resource names the kinds of ids its paths carry (access/kinds.ts), before its routes.
  for (const kinds of [experimentKinds, teamKinds, assistanceKinds]) registerPodcastKinds(kinds);
  const tipSweep = registerTips(app, ctx);
  registerStaffGuard(app);
  registerCsrfRoute(app, ctx);
  healthRoutes(app, ctx);

  // Each resource is a plugin of its own (an encapsulated scope: its hooks stay inside it); the
  // hooks above sit on the root, so they reach every route (access, the guards' onRoute checks,
  // idempotency, tips, the send hook). Entscheidung SRV-2.
  const steady = config.steady ? steadyClient(config.steady) : null;
  const audience = startAudienceJob(ctx, app.log);
  const accountExports = startExportJob(ctx, app.log);
  const resources: Resource[] = [
    sessionRoutes,
    accountRoutes,
    (scope) => accountExportRoutes(scope, ctx, accountExports),
    onboardingRoutes,
    verificationRoutes,
    passwordRoutes,
    profileRoutes,
    imageUploadRoutes,
    imageRoutes,
    userRoutes,
    contextRoutes,
    podcastRoutes,
    objectiveRoutes,
    stageRoutes,
    strategyRoutes,
    milestoneRoutes,
    settingRoutes,
    podcastMetricRoutes,
    membershipRoutes,
    invitationRoutes,
    feedRoutes,
    feedCheckRoutes,
    practiceRoutes,
    podcastPracticeRoutes,
    practiceFlagRoutes,
    pooledRoutes,
    contentRoutes,
    experimentRoutes,
    effectRoutes,
    actionRoutes,
    commentRoutes,
    eventRoutes,
    assistanceRoutes,
    adminRoutes,
    adminUserRoutes,
    adminPracticeRoutes,
    adminCompilationRoutes,
    adminAdviceRoutes,
    adminChangelogRoutes,
    adminRoadmapRoutes,
    feedbackRoutes,
    newsletterRoutes,
    (scope) => pushRoutes(scope, ctx, vapid.publicKey),
    (scope) => billingRoutes(scope, ctx, steady),
    (scope) => audienceSourceRoutes(scope, ctx, audience),
    audienceUploadRoutes,
    audienceRoutes,
    audienceEpisodeRoutes,
    detectableRoutes,
  ];
  // Awaited, so the route table is complete when this returns.
  for (const resource of resources) await app.register(async (scope) => resource(scope, ctx));
  // Subscriptions are read again periodically: cancelled or expired ones fall back to Basic.
  const jobs: {
    tipSweep: PeriodicJob;
    idempotencyCleanup: PeriodicJob;
    feedChecks: PeriodicJob;
    subscriptions?: PeriodicJob;
    audience: AudienceJob;
    accountExports: ExportJob;
    pooledEvidence: PeriodicJob;
  } = {
    tipSweep,
    audience,
    accountExports,
    idempotencyCleanup,
    pooledEvidence: startPooledJob(ctx, app.log),
    feedChecks: startFeedCheckJob(ctx, app.log, config.feedCheckIntervalMs, (id) => evaluateTips(ctx, id)),
  };
  if (steady && config.steady) {
    jobs.subscriptions = startPeriodicJob(
      ctx,
      app.log,
      'steady-subscriptions',
      config.steady.checkMinutes * 60_000,
      () => recheckAll(ctx, steady),
    );
  }
  if (testClock) testHookRoutes(app, testClock, Object.values(jobs), config.clientDir);
  await registerStaticClient(app, config.clientDir);
  app.addHook('onClose', async () => {
    for (const job of Object.values(jobs)) await job.stop();
    await ctx.mail.stop();
    await ctx.push.stop();
    await db.destroy();
  });
  return { app, ctx, jobs };
}
