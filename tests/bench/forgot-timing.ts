// Whether password-forgot tells known from unknown addresses by its timing: interleaved requests
// for addresses with and without an account, each from a client of its own, over app.inject on a
// fresh SQLite database. Prints the medians and how often the known address was slower.
// Run: npx tsx tests/bench/forgot-timing.ts [pairs, default 100]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';

const pairs = Number(process.argv[2] ?? 100);
const dataDir = mkdtempSync(join(tmpdir(), 'kompass-forgot-'));
const { app, ctx } = await buildApp({ ...loadConfig({}), dataDir, clientDir: undefined }, { logger: false });
let client = 0;

async function post(url: string, payload: object) {
  client++;
  const remoteAddress = `127.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
  const csrf = await app.inject({ url: '/sanctum/csrf-cookie', remoteAddress });
  const token = csrf.json<{ token: string }>().token;
  const started = process.hrtime.bigint();
  const response = await app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress,
    headers: { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
  });
  return { status: response.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 };
}

const known: string[] = [];
for (let i = 0; i < pairs; i++) {
  const email = `bekannt${i}@example.org`;
  const password = 'ein-langes-passwort';
  const { status } = await post('/api/account', {
    email,
    password,
    password_confirmation: password,
    terms: true,
    privacy: true,
  });
  if (status !== 201) throw new Error(`registration answered ${status}`);
  known.push(email);
}
await ctx.mail.drain();

const times = { known: [] as number[], unknown: [] as number[] };
let knownSlower = 0;
for (let i = 0; i < pairs; i++) {
  // Alternating order, and the mail worker's work (done after the answer) finished before each
  // pair, so neither side pays for the other's mail.
  await ctx.mail.drain();
  const knownFirst = i % 2 === 0;
  const ask = (email: string) => post('/api/account/password:forgot', { email });
  const first = await ask(knownFirst ? known[i]! : `unbekannt${i}@example.org`);
  await ctx.mail.drain();
  const second = await ask(knownFirst ? `unbekannt${i}@example.org` : known[i]!);
  const [a, b] = knownFirst ? [first, second] : [second, first];
  if (a.status !== 202 || b.status !== 202) throw new Error(`forgot answered ${a.status}/${b.status}`);
  times.known.push(a.ms);
  times.unknown.push(b.ms);
  if (a.ms > b.ms) knownSlower++;
}
const median = (v: number[]) => [...v].sort((x, y) => x - y)[Math.floor(v.length / 2)]!;
console.log(`password-forgot, ${pairs} interleaved pairs (app.inject, SQLite)`);
console.log(
  `median known ${median(times.known).toFixed(2)} ms, unknown ${median(times.unknown).toFixed(2)} ms`,
);
console.log(`known slower in ${knownSlower} of ${pairs} pairs (no signal: about half)`);
await app.close();
