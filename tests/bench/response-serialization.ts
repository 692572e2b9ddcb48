// What serializing through the response contract costs per answer: plain JSON.stringify against
// the zod serializer the app uses (fastify-type-provider-zod) and fast-json-stringify from the
// schema's JSON Schema, on real answers. Run: npx tsx tests/bench/response-serialization.ts [n]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastJson from 'fast-json-stringify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { seed } from '../../src/server/db/seed/seed.ts';
import { userResponse } from '../../src/shared/account.ts';
import { compilationResponse } from '../../src/shared/compilations.ts';
import { practiceResponse } from '../../src/shared/practices.ts';
import {
  compilationPractices,
  findPracticeSummary,
  serializePractice,
} from '../../src/server/practices/practice-queries.ts';

const rounds = Number(process.argv[2] ?? 20_000);
const config = {
  ...loadConfig({}),
  dataDir: mkdtempSync(join(tmpdir(), 'kompass-bench-')),
  clientDir: undefined,
};
const { app, ctx } = await buildApp(config, { logger: false });
await seed(ctx.db);
const row = (await findPracticeSummary(ctx.db, 1))!;
const practice = { data: await serializePractice(ctx.db, row, new Date()) };
const compilation = await ctx.db
  .selectFrom('compilation_practices')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .where('compilation_id', '=', 1)
  .executeTakeFirstOrThrow();
const practiceRows = (await compilationPractices(ctx.db, 1)).slice(0, Number(compilation.n));
const set = {
  data: {
    id: 1,
    title: 'Set',
    emoji: '🧭',
    type: { key: 'edition' as const, trans: 'Edition' },
    description: 'Ein Set',
    num_practices: practiceRows.length,
    practices: await Promise.all(practiceRows.map((p) => serializePractice(ctx.db, p, new Date()))),
  },
};
const user = {
  data: {
    id: 1,
    name: 'Bench',
    email: 'bench@example.org',
    image: null,
    created_at: '2026-01-01',
    role: { key: 'user' as const, trans: 'Nutzer*in' },
    verified: true,
    granted: false,
    profile: null,
    owned_podcasts: 0,
    num_coworkers: 0,
    is_self: true,
    steady_user_email: null,
    pending_email: null,
    podcast_title: null,
  },
};

function perCall(fn: () => string, n: number) {
  for (let i = 0; i < 2000; i++) fn(); // warm-up
  const started = performance.now();
  for (let i = 0; i < n; i++) fn();
  return ((performance.now() - started) * 1000) / n;
}

console.log(`${rounds} serializations each; µs per answer`);
for (const [name, schema, payload, n] of [
  ['GET /api/account', userResponse, user, rounds],
  ['GET /api/practices/1', practiceResponse, practice, rounds],
  [`GET /api/compilations/1 (${set.data.practices.length} methods)`, compilationResponse, set, rounds / 20],
] as const) {
  const zodSerialize = serializerCompiler({ schema, method: 'GET', url: name });
  const fast = fastJson(z.toJSONSchema(schema, { io: 'output' }) as object);
  const plain = perCall(() => JSON.stringify(payload), n);
  const viaZod = perCall(() => zodSerialize(payload), n);
  const viaFast = perCall(() => fast(payload), n);
  console.log(
    `${name}: JSON.stringify ${plain.toFixed(1)}, zod ${viaZod.toFixed(1)}, fast-json-stringify ${viaFast.toFixed(1)} (${JSON.stringify(payload).length} bytes)`,
  );
}
await app.close();
