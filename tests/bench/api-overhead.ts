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

async function measure(url: string, headers: Record<string, string> = {}, count = total) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) {
        const response = await fetch(url, { headers });
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        await response.arrayBuffer();
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
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
// A podcast of the bench user, so the podcast guard and the full Podcast entity are measured.
const now = new Date().toISOString();
const podcast = await ctx.db
  .insertInto('podcasts')
  .values({ title: 'Bench', created_at: now, updated_at: now })
  .returning('id')
  .executeTakeFirstOrThrow();
await ctx.db
  .insertInto('memberships')
  .values({ podcast_id: podcast.id, user_id: 1, role: 'owner', active: 1, created_at: now })
  .execute();

const targets: [string, string, Record<string, string>][] = [
  ['bare Fastify route', `http://127.0.0.1:${portOf(bare.server)}/bare`, {}],
  ['GET /sanctum/csrf-cookie', `${base}/sanctum/csrf-cookie`, {}],
  ['GET /api/account (session + user)', `${base}/api/account`, cookie],
  ['GET /api/practices/1 (method)', `${base}/api/practices/1`, cookie],
  ['GET /api/practices/1/context', `${base}/api/practices/1/context`, cookie],
  ['GET /api/podcasts/{id} (guard + Podcast)', `${base}/api/podcasts/${podcast.id}`, cookie],
  ['GET /api/podcasts/{id}/settings (guard)', `${base}/api/podcasts/${podcast.id}/settings`, cookie],
];
for (const [, url, headers] of targets) await measure(url, headers, 300); // warm-up: JIT, connections
// Two interleaved rounds, so a burst of load on the machine hits every target alike.
const rates = targets.map(() => 0);
for (let round = 0; round < 2; round++) {
  for (const [i, [, url, headers]] of targets.entries()) rates[i]! += (await measure(url, headers)) / 2;
}
const bareRate = rates[0]!;
const rows = targets.slice(1).map(([name], i): [string, number] => [name, rates[i + 1]!]);

console.log(`${total} requests each, concurrency ${concurrency}, ${ctx.db.engine}`);
console.log(`bare Fastify route: ${bareRate.toFixed(0)} req/s (ratio 1.00)`);
for (const [name, rate] of rows)
  console.log(`${name}: ${rate.toFixed(0)} req/s (ratio ${(rate / bareRate).toFixed(2)})`);
await app.close();
await bare.close();
