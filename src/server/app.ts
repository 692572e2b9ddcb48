// Assembles the Fastify app from its plugins; tests inject into the result.
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import '../shared/zod-locale.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { createDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { registerCsrf } from './auth/csrf.ts';
import { secret } from './auth/secrets.ts';
import { loadSession } from './auth/session.ts';
import { registerCompression } from './http/compression.ts';
import { registerErrorHandler } from './http/errors.ts';
import { RequestLogController } from './http/request-log.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerStaticClient } from './http/static-client.ts';
import { IMAGE_MAX_BYTES } from './images/store-image.ts';
import { imageRoutes } from './images/image-routes.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { accountRoutes } from './account/account-routes.ts';
import { passwordRoutes } from './account/password-routes.ts';
import { profileRoutes } from './account/profile-routes.ts';
import { sessionRoutes } from './account/session-routes.ts';
import { verificationRoutes } from './account/verification.ts';
import { accountPodcastRoutes } from './podcasts/account-podcast-routes.ts';
import { contentRoutes } from './content/content-routes.ts';
import { practiceRoutes } from './practices/practice-routes.ts';
import { userRoutes } from './users/user-routes.ts';

export type BuildOptions = { db?: Database; mailer?: Mailer; logger?: boolean };

export async function buildApp(config: Config, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: true,
    logController: new RequestLogController(),
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const db = options.db ?? createDatabase(config);
  await migrate(db);
  const ctx: AppContext = {
    config,
    db,
    mailer: options.mailer ?? createMailer({ ...config, from: config.mailFrom, log: app.log }),
    appKey: await secret(db, 'app_key'),
    secure: config.appUrl.startsWith('https://'),
  };

  await app.register(cookie);
  registerSecurityHeaders(app, ctx.secure);
  await registerCompression(app);
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5 },
    throwFileSizeLimit: true,
  });

  registerCsrf(app, ctx.secure);
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/')) await loadSession(db, request);
  });

  for (const routes of [
    sessionRoutes,
    accountRoutes,
    verificationRoutes,
    passwordRoutes,
    profileRoutes,
    imageRoutes,
    userRoutes,
    accountPodcastRoutes,
    practiceRoutes,
    contentRoutes,
  ]) {
    routes(app, ctx);
  }
  await registerStaticClient(app, config.clientDir);
  app.addHook('onClose', async () => db.destroy());
  return { app, ctx };
}
