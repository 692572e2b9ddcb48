// Feed import speed: a generated feed of 2,000 episodes (about 5 MB) served on loopback, imported
// through POST /api/podcasts:import (app.inject, the real app on a fresh SQLite file, or on
// PostgreSQL with DATABASE_URL), several rounds. Prints the time per import and its ratio to a
// plain fast-xml-parser parse of the same text, and where the time goes (our parse, the rest).
//
// Run: npx tsx tests/bench/feed-import.ts [episodes] [rounds]
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { parseFeed } from '../../src/server/feeds/parse-feed.ts';
import { Agent } from '../server/helpers/agent.ts';
import { generatedFeed } from '../support/generated-feed.ts';

const episodes = Number(process.argv[2] ?? 2000);
const rounds = Number(process.argv[3] ?? 5);

const server = createServer((_req, res) => {
  res.setHeader('content-type', 'application/rss+xml; charset=utf-8');
  res.end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
// No cover route: the cover answers 404, so the figure is the feed's, not the image pipeline's.
const body = generatedFeed(episodes, { padding: 2400 }).replaceAll('{{ORIGIN}}', origin);

const defaults = loadConfig({});
const { app, ctx } = await buildApp(
  {
    ...defaults,
    dataDir: mkdtempSync(join(tmpdir(), 'kompass-feed-bench-')),
    databaseUrl: process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined,
    clientDir: undefined,
    feeds: { ...defaults.feeds, allowedHosts: [new URL(origin).host], onlyAllowedHosts: true },
  },
  { logger: false },
);

const agent = new Agent(app, '127.0.0.1');
await agent.csrf();
const registered = await agent.post('/api/account', {
  email: 'feed-bench@example.org',
  password: 'bench-passwort-1',
  password_confirmation: 'bench-passwort-1',
  terms: true,
  privacy: true,
});
if (registered.statusCode !== 201) throw new Error(`registration failed: ${registered.body}`);
await ctx.db.updateTable('users').set({ email_verified_at: new Date().toISOString() }).execute();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const time = async (work: () => unknown) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

const plainParser = new XMLParser({ ignoreAttributes: false, processEntities: false });
const imports: number[] = [];
const plain: number[] = [];
const ours: number[] = [];
for (let round = 0; round <= rounds; round++) {
  const importMs = await time(async () => {
    const response = await agent.post('/api/podcasts:import', { rss_uri: `${origin}/feed.rss` });
    if (response.statusCode !== 201) throw new Error(`import failed: ${response.body}`);
    const { num_episodes } = (response.json() as { data: { num_episodes: number } }).data;
    if (num_episodes !== episodes) throw new Error(`imported ${num_episodes} of ${episodes} episodes`);
  });
  const plainMs = await time(() => plainParser.parse(body));
  const oursMs = await time(() => parseFeed(body));
  if (round === 0) continue; // warm-up
  imports.push(importMs);
  plain.push(plainMs);
  ours.push(oursMs);
}

const mb = (Buffer.byteLength(body) / 1024 / 1024).toFixed(1);
const engine = ctx.db.engine;
console.log(`feed: ${episodes} episodes, ${mb} MB; ${engine}; median of ${rounds} rounds after a warm-up`);
console.log(`plain fast-xml-parser parse   ${median(plain).toFixed(0).padStart(6)} ms`);
console.log(`parseFeed (validate + parse)  ${median(ours).toFixed(0).padStart(6)} ms`);
console.log(
  `POST /api/podcasts:import     ${median(imports).toFixed(0).padStart(6)} ms  (${(median(imports) / median(plain)).toFixed(1)}× the plain parse)`,
);
await app.close();
server.close();
