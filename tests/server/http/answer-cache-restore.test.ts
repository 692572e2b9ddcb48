// Changes that fire no row trigger (src/server/db/migrations/0026-answer-truncate.ts,
// src/server/admin/forget-answers.ts): a TRUNCATE of a watched table, and a restore run with
// session_replication_role = replica followed by `npm run admin -- forget-answers`, are seen by
// the next read, though the answer before was kept.
import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { watchTable } from '../../../src/server/db/migrations/0023-change-counts.ts';
import { json } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { ownerWithExperiment } from '../experiments/experiment-helpers.ts';

// No Kompass-KI run after the writes: its tips would change the podcast between the reads.
const t = await createTestApp({ config: { tips: { ...loadConfig({}).tips, debounceMs: 3_600_000 } } });
const postgres = t.db.engine === 'postgres';

/** Statements on a connection of their own, as psql or a restore would run them. */
async function elsewhere(...statements: string[]) {
  const client = new pg.Client({ connectionString: t.config.databaseUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `npm run admin -- forget-answers` against the test's database. */
const forgetAnswers = () =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', 'forget-answers'], {
    env: { ...process.env, DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.databaseUrl ?? '' },
    encoding: 'utf8',
  });

describe('kept answers after changes no row trigger counts', () => {
  it.runIf(postgres)('show a TRUNCATE of a watched table at the next read', async () => {
    const { owner, experiment } = await ownerWithExperiment(t);
    const comments = `/api/experiments/${experiment.id}/comments`;
    expect((await owner.agent.post(comments, { content: 'Vor dem Leeren' })).statusCode).toBe(201);
    const read = async () => json<{ data: unknown[] }>(await owner.agent.get(comments)).data.length;
    expect([await read(), await read()]).toEqual([1, 1]);
    await elsewhere('TRUNCATE comments');
    expect(await read()).toBe(0);
  });

  it.runIf(postgres)('give every watched table, also one made later, its TRUNCATE trigger', async () => {
    await sql`CREATE TABLE later_things (id bigint PRIMARY KEY, podcast_id bigint)`.execute(t.db);
    await watchTable(t.db, 'later_things');
    const triggers = await sql<{ table: string; name: string }>`
      SELECT c.relname AS table, t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE t.tgname IN ('changed', 'changed_truncate')`.execute(t.db);
    const of = (name: string) =>
      triggers.rows
        .filter((r) => r.name === name)
        .map((r) => r.table)
        .sort();
    expect(of('changed_truncate')).toEqual(of('changed'));
    expect(of('changed_truncate')).toContain('later_things');
    expect(of('changed').length).toBeGreaterThan(30);
  });

  it.runIf(postgres)(
    'show a change made with session_replication_role = replica once forget-answers ran',
    { timeout: 60_000 },
    async () => {
      const { owner, podcast } = await ownerWithExperiment(t);
      const path = `/api/podcasts/${podcast.id}`;
      const title = async () => json<{ data: { title: string } }>(await owner.agent.get(path)).data.title;
      const before = await title();
      expect(await title()).toBe(before);
      await elsewhere(
        'SET session_replication_role = replica',
        `UPDATE podcasts SET title = 'Zurückgespielt' WHERE id = ${podcast.id}`,
      );
      // No trigger fired: the kept answer still holds, as it did for every process before.
      expect(await title()).toBe(before);
      const forgot = forgetAnswers();
      expect(forgot.stderr).toBe('');
      expect(forgot.status).toBe(0);
      expect(forgot.stdout).toContain('Alle Serverprozesse lesen ab ihrer nächsten Anfrage neu');
      expect(await title()).toBe('Zurückgespielt');
    },
  );

  it.runIf(!postgres)(
    'on SQLite, forget-answers runs beside the server and changes no answer',
    {
      timeout: 60_000,
    },
    async () => {
      const { owner, podcast } = await ownerWithExperiment(t);
      const path = `/api/podcasts/${podcast.id}`;
      const before = json<{ data: { title: string } }>(await owner.agent.get(path)).data.title;
      const forgot = forgetAnswers();
      expect(forgot.status).toBe(0);
      expect(json<{ data: { title: string } }>(await owner.agent.get(path)).data.title).toBe(before);
    },
  );
});
