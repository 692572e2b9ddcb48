// Prints how our API routes compare with a bare Fastify route, measured in the same run over
// real HTTP on loopback. Run: npx tsx tests/bench/api-overhead.ts [requests]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { seed } from '../../src/server/db/seed/seed.ts';

const total = Number(process.argv[2] ?? 3000);
const concurrency = 16;

async function measure(url: string, headers: Record<string, string> = {}) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < total) {
        const response = await fetch(url, { headers });
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        await response.arrayBuffer();
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

const bare = Fastify();
bare.get('/bare', async () => ({ data: { id: 1, name: 'Bare', email: 'bare@example.org' } }));
await bare.listen({ port: 0, host: '127.0.0.1' });

const config = {
  ...loadConfig({}),
  dataDir: mkdtempSync(join(tmpdir(), 'kompass-bench-')),
  clientDir: undefined,
  logLevel: 'warn',
};
const { app, ctx } = await buildApp(config, { logger: false });
await seed(ctx.db);
await app.listen({ port: 0, host: '127.0.0.1' });

const portOf = (server: typeof bare.server) => (server.address() as { port: number }).port;
const base = `http://127.0.0.1:${portOf(app.server)}`;

// A verified user with a session, made through the API like a browser would.
const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
const xsrf = csrf.headers.getSetCookie()[0]!.split(';')[0]!;
const token = decodeURIComponent(xsrf.split('=')[1]!);
const registration = await fetch(`${base}/api/account`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie: xsrf, 'x-xsrf-token': token },
  body: JSON.stringify({
    email: 'bench@example.org',
    password: 'bench-passwort-1',
    password_confirmation: 'bench-passwort-1',
    terms: true,
    privacy: true,
  }),
});
const session = registration.headers
  .getSetCookie()
  .find((c) => c.startsWith('kompass_session'))!
  .split(';')[0]!;
await ctx.db.updateTable('users').set({ email_verified_at: new Date().toISOString() }).execute();
const cookie = { cookie: session };

const bareRate = await measure(`http://127.0.0.1:${portOf(bare.server)}/bare`);
const rows: [string, number][] = [
  ['GET /sanctum/csrf-cookie', await measure(`${base}/sanctum/csrf-cookie`)],
  ['GET /api/account (session + user)', await measure(`${base}/api/account`, cookie)],
  ['GET /api/practices/1 (method)', await measure(`${base}/api/practices/1`, cookie)],
  ['GET /api/practices/1/context', await measure(`${base}/api/practices/1/context`, cookie)],
];

console.log(`${total} requests each, concurrency ${concurrency}, ${ctx.db.engine}`);
console.log(`bare Fastify route: ${bareRate.toFixed(0)} req/s (ratio 1.00)`);
for (const [name, rate] of rows)
  console.log(`${name}: ${rate.toFixed(0)} req/s (ratio ${(rate / bareRate).toFixed(2)})`);
await app.close();
await bare.close();
