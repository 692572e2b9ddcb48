// The recommendation engine at scale: 10,000 methods and 10,000 podcasts (goals and stage each)
// in a temporary SQLite file. Prints the time of one podcast's refresh (all 10,000 scores
// computed and stored), of one list request (GET /api/podcasts/{id}/practices, advice order,
// page 1, through the whole app) and of the same list's plain query without scores (order by
// id, no score join), each the median of several runs.
// Run: npx tsx tests/bench/recommendations.ts [methods] [podcasts] [scored podcasts]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { seed } from '../../src/server/db/seed/seed.ts';
import { randomToken, sha256 } from '../../src/server/auth/tokens.ts';
import { practiceSummaries } from '../../src/server/practices/practice-queries.ts';
import { refreshScores } from '../../src/server/practices/recommend.ts';
import { forgetMethodProfiles } from '../../src/server/practices/engine-inputs.ts';
import {
  audienceSize,
  budget,
  importance,
  metric,
  potential,
  timeEffort,
} from '../../src/shared/vocabulary.ts';

const METHODS = Number(process.argv[2] ?? 10_000);
const PODCASTS = Number(process.argv[3] ?? 10_000);
// Other podcasts with stored rankings, so the score states are not nearly empty.
const SCORED = Number(process.argv[4] ?? 100);
const RUNS = 7;

const dataDir = mkdtempSync(join(tmpdir(), 'kompass-bench-recommend-'));
const config = { ...loadConfig({}), dataDir, clientDir: undefined };
const { app, ctx } = await buildApp(config, { logger: false });
const db = ctx.db;
await seed(db);

// Deterministic pseudo-random numbers (a linear congruential generator).
let state = 42;
const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pickOf = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
const chunked = async <T>(rows: T[], size: number, write: (chunk: T[]) => Promise<unknown>) => {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
};

const now = new Date().toISOString();
const seedStart = performance.now();
const keywords = (await db.selectFrom('keywords').select('handle').execute()).map((k) => k.handle);
const firstId = 1000;
const ids = Array.from({ length: METHODS - 99 }, (_, i) => firstId + i);
await db.transaction().execute(async (tx) => {
  await chunked(ids, 500, (chunk) =>
    tx
      .insertInto('practices')
      .values(
        chunk.map((id) => ({
          id,
          title: `Methode ${id}`,
          claim: 'Ein Anspruch.',
          teaser: 'Ein kurzer Anreißer.',
          emoji: '🧪',
          area: 'bench',
          duration_days: 30,
          description: 'Beschreibung.',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute(),
  );
  await chunked(ids, 500, (chunk) =>
    tx
      .insertInto('practice_ratings')
      .values(
        chunk.map((id) => ({
          practice_id: id,
          ...Object.fromEntries(metric.keys.map((k) => [k, pickOf(potential.keys)])),
        })) as never,
      )
      .execute(),
  );
  await chunked(ids, 500, (chunk) =>
    tx
      .insertInto('practice_contexts')
      .values(
        chunk.map((id) => ({
          practice_id: id,
          relevance: pickOf(['essential', 'optional']),
          application: pickOf([
            'concept',
            'production',
            'distribution',
            'marketing',
            'community',
            'business',
          ]),
          investment: pickOf(budget.keys),
          commitment: pickOf(timeEffort.keys),
          endurance: 'medium',
          recurrence: 'once',
          continuation: 'repeatable',
          expansion: pickOf(audienceSize.keys),
          realization: '["writing"]',
        })),
      )
      .execute(),
  );
  const keywordRows = ids.flatMap((id) =>
    [...new Set([pickOf(keywords), pickOf(keywords), pickOf(keywords)])].map((keyword, position) => ({
      practice_id: id,
      keyword,
      position,
    })),
  );
  await chunked(keywordRows, 500, (chunk) => tx.insertInto('practice_keywords').values(chunk).execute());

  const podcasts = Array.from({ length: PODCASTS }, (_, i) => ({
    title: `Podcast ${i + 1}`,
    created_at: now,
    updated_at: now,
  }));
  await chunked(podcasts, 500, (chunk) => tx.insertInto('podcasts').values(chunk).execute());
  const podcastIds = (await tx.selectFrom('podcasts').select('id').execute()).map((p) => p.id);
  await chunked(podcastIds, 500, (chunk) =>
    tx
      .insertInto('podcast_objectives')
      .values(
        chunk.map((podcast_id) => ({
          podcast_id,
          ...Object.fromEntries(metric.keys.map((k) => [k, pickOf(importance.keys)])),
        })) as never,
      )
      .execute(),
  );
  await chunked(podcastIds, 500, (chunk) =>
    tx
      .insertInto('podcast_stages')
      .values(
        chunk.map((podcast_id) => ({
          podcast_id,
          commitment: pickOf(timeEffort.keys),
          expansion: pickOf(audienceSize.keys),
          investment: pickOf(budget.keys),
        })),
      )
      .execute(),
  );
});
// The methods were written without a seed: the engine must read them afresh.
forgetMethodProfiles(db);
const counts = await db
  .selectFrom('practices')
  .select((eb) => [
    eb.fn.countAll<number>().as('methods'),
    eb
      .selectFrom('podcasts')
      .select((e) => e.fn.countAll<number>().as('n'))
      .as('podcasts'),
  ])
  .executeTakeFirstOrThrow();
console.log(
  `seeded ${counts.methods} methods and ${counts.podcasts} podcasts in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
);

// The measured podcast: the last one, with an owner who has a session.
const podcastId = (
  await db.selectFrom('podcasts').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
).id;
const user = await db
  .insertInto('users')
  .values({
    email: 'bench@example.org',
    password_hash: 'x',
    role: 'user',
    email_verified_at: now,
    created_at: now,
    updated_at: now,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
await db
  .insertInto('memberships')
  .values({ podcast_id: podcastId, user_id: user.id, role: 'owner', active: 1, created_at: now })
  .execute();
// A Basic podcast (past its trial) of the same user: the same list without scores.
const basicId = podcastId - 1;
await db
  .updateTable('podcasts')
  .set({ created_at: new Date(Date.now() - 90 * 86_400_000).toISOString() })
  .where('id', '=', basicId)
  .execute();
await db
  .insertInto('memberships')
  .values({ podcast_id: basicId, user_id: user.id, role: 'owner', active: 1, created_at: now })
  .execute();
const token = randomToken();
await db
  .insertInto('sessions')
  .values({
    id: sha256(token),
    user_id: user.id,
    created_at: now,
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    user_agent: null,
  })
  .execute();
const cookie = `kompass_session=${token}`;

const scoredStart = performance.now();
for (let id = 1; id <= SCORED; id++) await refreshScores(db, id, new Date());
console.log(
  `stored the rankings of ${SCORED} other podcasts (${SCORED * Number(counts.methods)} scores) in ${((performance.now() - scoredStart) / 1000).toFixed(1)} s`,
);

// Beside the wall time, the process's CPU time (user + system) of the same runs: on the shared
// machine under load the wall time mostly measures the wait for a core, the CPU time the work.
async function median(label: string, work: () => Promise<unknown>) {
  await work(); // warm-up
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    await work();
    const used = process.cpuUsage(startCpu);
    times.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
  }
  const mid = (list: number[]) => list.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  const ms = mid(times);
  console.log(`${label.padEnd(62)} ${ms.toFixed(1).padStart(8)} ms  (CPU ${mid(cpu).toFixed(1)} ms)`);
  return ms;
}

await median(`refresh of one podcast, nothing changed (${counts.methods} scores)`, () =>
  refreshScores(db, podcastId, new Date()),
);
let flip = false;
await median('refresh of one podcast after its goals changed (writes)', async () => {
  flip = !flip;
  const goals = Object.fromEntries(metric.keys.map((k, i) => [k, (i % 2 === 0) === flip ? 'high' : 'low']));
  await db.updateTable('podcast_objectives').set(goals).where('podcast_id', '=', podcastId).execute();
  await refreshScores(db, podcastId, new Date());
});
const list = async (query: string, id = podcastId) => {
  const response = await app.inject({
    method: 'GET',
    url: `/api/podcasts/${id}/practices${query}`,
    headers: { cookie },
  });
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
};
await median('GET /api/podcasts/{id}/practices (advice, page 1, scores)', () => list(''));
// The ranking is ordered by the first read after a refresh (recommend.ts: Ranking).
await median('a goal change, then the advice list (its first read orders)', async () => {
  flip = !flip;
  const goals = Object.fromEntries(metric.keys.map((k, i) => [k, (i % 2 === 0) === flip ? 'high' : 'low']));
  await db.updateTable('podcast_objectives').set(goals).where('podcast_id', '=', podcastId).execute();
  await refreshScores(db, podcastId, new Date());
  await list('');
});
await median('GET /api/podcasts/{id}/practices?order=latest (scores)', () => list('?order=latest'));
await median('GET …/practices?keywords=…&commitment=1_day (advice)', () =>
  list(`?keywords=${keywords[0]}&commitment=1_day`),
);
await median('the same list of a Basic podcast (no scores), order=latest', () =>
  list('?order=latest', basicId),
);
await median('the same list of a Basic podcast (no scores), order=effort', () => list('', basicId));
await median('plain query of the same page without scores (12 by id)', () =>
  practiceSummaries(db).orderBy('practices.id').limit(12).execute(),
);
await median('plain count of the methods', () =>
  db
    .selectFrom('practices')
    .select((eb) => eb.fn.countAll().as('n'))
    .execute(),
);
await app.close();
