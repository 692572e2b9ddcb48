// `npm run dev`: the API on API_PORT and Vite with hot reload on PORT, proxying /api to it.
import { createServer } from 'vite';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { seed } from './db/seed/seed.ts';

const port = Number(process.env.PORT ?? 3000);
const apiPort = Number(process.env.API_PORT ?? port + 1);
process.env.API_PORT = String(apiPort);
const config = {
  ...loadConfig(),
  port: apiPort,
  appUrl: process.env.APP_URL ?? `http://localhost:${port}`,
  clientDir: undefined,
};
const { app, ctx } = await buildApp(config);
await seed(ctx.db);
await app.listen({ port: apiPort, host: '127.0.0.1' });
const vite = await createServer({ server: { port, host: true } });
await vite.listen();
vite.printUrls();
