// Starts the server: migrations (in buildApp), content seed, then the API and the built PWA on one port.
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { seed } from './db/seed/seed.ts';

const config = loadConfig();
const { app, ctx } = await buildApp(config);
if (await seed(ctx.db, undefined, ctx.clock)) app.log.info('content seeded');
await app.listen({ port: config.port, host: config.host });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
