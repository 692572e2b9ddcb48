// Starts the server: migrations (in buildApp), content seed, then the API and the built PWA on one port.
// Built by `npm run build` into one CommonJS bundle with its JavaScript dependencies
// (dist/server/server.cjs; only native modules stay external), which boot.ts runs with a V8 code
// cache (Entscheidung SRV-5). No top-level await, so the
// bundle can be CommonJS (boot.ts says why); `listening` tells boot.ts when the start is done.
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { seed } from './db/seed/seed.ts';

async function start() {
  const config = loadConfig();
  const { app, ctx } = await buildApp(config);
  if (await seed(ctx.db, undefined, ctx.clock)) app.log.info('content seeded');
  await app.listen({ port: config.port, host: config.host });

  /**
   * Graceful shutdown (a rolling restart sends SIGTERM): Fastify stops listening and answers 503
   * to requests that still arrive on open connections, the requests in flight finish, then the
   * onClose hooks stop the job workers (a running job ends first; leases are given back) and close
   * the pool. A request that never ends cannot hold the process: after SHUTDOWN_TIMEOUT seconds
   * (default 30) it exits anyway.
   */
  const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT ?? 30) * 1000;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down: finishing the requests in flight');
      setTimeout(() => {
        app.log.error(`shutdown took longer than ${shutdownTimeoutMs / 1000} s; exiting`);
        process.exit(1);
      }, shutdownTimeoutMs).unref();
      app.close().then(
        () => {
          app.log.info('shut down');
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

/** Settles when the server listens; a failed start rejects it unhandled, which ends the process. */
export const listening = start();
