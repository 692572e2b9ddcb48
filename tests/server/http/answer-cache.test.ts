// Kept answers of podcast reads (src/server/pipeline/answer-cache.ts): a read after any change shows
// the change, whoever made it and however, and the guard still decides every request; on both
// databases (SQLite counts changes in the process, PostgreSQL in a table).
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Podcast } from '../../../src/shared/podcasts.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { json } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { UNWATCHED } from '../../../src/server/db/change-watch.ts';
import { berlinDate } from '../../../src/shared/calendar.ts';
import { addPractice, ownerWithPodcast, startExperiment } from '../experiments/experiment-helpers.ts';
import { sql } from 'kysely';
import {
  addCategories,
  addMember,
  createPodcast,
  form,
  podcastOwnedBy,
} from '../podcasts/podcast-helpers.ts';

const t = await createTestApp();
await addCategories(t);

type One = { data: Podcast };

/** A statement on a connection of its own, as the admin CLI or another program would run it. */
async function elsewhere(statement: string, parameters: unknown[]) {
  if (t.config.databaseUrl) {
    const client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    let n = 0;
    await client.query(
      statement.replace(/\?/g, () => `$${++n}`),
      parameters,
    );
    await client.end();
  } else {
    const other = new SQLite(join(t.config.dataDir, 'studio.sqlite'));
    other.pragma('busy_timeout = 5000');
    other.prepare(statement).run(...parameters);
    other.close();
  }
}

/** An owner with a Pro podcast and an experiment running from today, with its steps. */
async function runningExperiment() {
  const { owner, podcast } = await ownerWithPodcast(t);
  const practice = await addPractice(t);
  const experiment = await startExperiment(owner.agent, podcast.id, {
    practice_id: practice.id,
    starts_at: berlinDate(t.clock.now()),
    ends_at: '2099-01-01',
  });
  return { owner, experiment };
}

describe('kept answers', () => {
  it('count the changes of every table but the few no answer reads (a new table needs its trigger)', async () => {
    const tables =
      t.db.engine === 'postgres'
        ? await sql<{ name: string; watched: boolean }>`
            SELECT table_name AS name, EXISTS (
              SELECT 1 FROM pg_trigger WHERE tgname = 'changed' AND tgrelid = table_name::regclass
            ) AS watched
            FROM information_schema.tables
            WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(t.db)
        : await sql<{ name: string; watched: number }>`
            SELECT name, EXISTS (
              SELECT 1 FROM sqlite_temp_master WHERE type = 'trigger' AND tbl_name = m.name
            ) AS watched
            FROM sqlite_master m WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(t.db);
    const unwatched = tables.rows
      .filter((r) => !r.watched && !r.name.startsWith('kysely_'))
      .map((r) => r.name)
      .sort();
    // SQLite also counts the sessions, apart from the podcasts (db/change-memo.ts reads them).
    const counted = t.db.engine === 'postgres' ? [] : ['sessions'];
    expect(unwatched).toEqual([...UNWATCHED].filter((name) => !counted.includes(name)).sort());
    expect(tables.rows.length).toBeGreaterThan(40);
  });

  it('show every change at once: through the API, the app, another connection, a transaction', async () => {
    const { agent } = await verifiedUser(t);
    const podcast = await createPodcast(agent);
    const path = `/api/podcasts/${podcast.id}`;
    const title = async () => json<One>(await agent.get(path)).data.title;
    expect(await title()).toBe('Zeitreise');
    expect(await title()).toBe('Zeitreise');

    expect((await agent.put(path, form({ title: 'Über die API' }))).statusCode).toBe(200);
    expect(await title()).toBe('Über die API');

    await t.db.updateTable('podcasts').set({ title: 'Im Prozess' }).where('id', '=', podcast.id).execute();
    expect(await title()).toBe('Im Prozess');

    await elsewhere('UPDATE podcasts SET title = ? WHERE id = ?', ['Von außen', podcast.id]);
    expect(await title()).toBe('Von außen');

    // Read while a transaction has changed the row but not committed: the old title, kept for
    // no longer than the commit.
    let commit!: () => void;
    let changed!: () => void;
    const open = new Promise<void>((resolve) => (changed = resolve));
    const committed = t.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('podcasts')
        .set({ title: 'Nach dem Commit' })
        .where('id', '=', podcast.id)
        .execute();
      changed();
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await open;
    const during = agent.get(path);
    commit();
    await committed;
    expect(['Von außen', 'Nach dem Commit']).toContain(json<One>(await during).data.title);
    expect(await title()).toBe('Nach dem Commit');
  });

  it('answer only whom the guard lets through: a removed member, a trial that ran out meanwhile', async () => {
    const owner = await verifiedUser(t);
    const coworker = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent, { title: 'Geteilt' });
    await addMember(t, podcast.id, coworker.id, 'editor');
    expect((await coworker.agent.get(`/api/podcasts/${podcast.id}`)).statusCode).toBe(200);
    await t.db.deleteFrom('memberships').where('user_id', '=', coworker.id).execute();
    expect((await coworker.agent.get(`/api/podcasts/${podcast.id}`)).statusCode).toBe(404);

    // Made 29 days ago: the trial's last day. The next day nothing changed but the date.
    const day = 24 * 3600_000;
    t.clock.advance(-29 * day);
    const trial = await podcastOwnedBy(t, 'Fast vorbei', owner.id);
    t.clock.advance(29 * day);
    const experiments = `/api/podcasts/${trial}/experiments`;
    expect((await owner.agent.get(experiments)).statusCode).toBe(200);
    expect((await owner.agent.get(experiments)).statusCode).toBe(200);
    t.clock.advance(day);
    try {
      expect((await owner.agent.get(experiments)).statusCode).toBe(403);
    } finally {
      t.clock.advance(-day);
    }
  });

  it('end with the session (ended by the app, the session’s last day) and see a role changed by another program', async () => {
    const owner = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent, { title: 'Sitzung' });
    const path = `/api/podcasts/${podcast.id}`;
    const twice = async (agent: typeof owner.agent) => [
      (await agent.get(path)).statusCode,
      (await agent.get(path)).statusCode,
      (await agent.get('/api/account')).statusCode,
    ];
    expect(await twice(owner.agent)).toEqual([200, 200, 200]);
    // As a new password ends every session of its user (account/password-routes.ts).
    await t.db.deleteFrom('sessions').where('user_id', '=', owner.id).execute();
    expect(await twice(owner.agent)).toEqual([401, 401, 401]);

    const coworker = await verifiedUser(t);
    await addMember(t, podcast.id, coworker.id, 'editor');
    const settings = `/api/podcasts/${podcast.id}/experiments`;
    expect((await coworker.agent.get(settings)).statusCode).toBe(200);
    await elsewhere("UPDATE memberships SET role = 'observer' WHERE user_id = ?", [coworker.id]);
    const write = await coworker.agent.post(`/api/podcasts/${podcast.id}/bookmarks`, { practice_id: 1 });
    expect(write.statusCode).toBe(403);

    // Sessions last 30 days: read on day 29, the same session is over on day 31.
    const day = 24 * 3600_000;
    t.clock.advance(29 * day);
    try {
      expect(await twice(coworker.agent)).toEqual([200, 200, 200]);
      t.clock.advance(2 * day);
      expect(await twice(coworker.agent)).toEqual([401, 401, 401]);
    } finally {
      t.clock.advance(-31 * day);
    }
  });

  it('show a user’s own reads changed at once: the account, the podcasts to select, the selected one', async () => {
    const { agent, id } = await verifiedUser(t);
    const own = await createPodcast(agent, { title: 'Eigener' });
    expect((await agent.post(`/api/account/context/${own.id}`)).statusCode).toBe(200);
    const reads = async () => {
      const account = json<{ data: { name: string } }>(await agent.get('/api/account')).data;
      const session = json<{ data: { name: string } }>(await agent.get('/api/account/session')).data;
      const podcasts = json<{ data: { title: string }[] }>(await agent.get('/api/account/podcasts')).data;
      const context = json<{ data: { title: string } }>(await agent.get('/api/account/context')).data;
      return [account.name, session.name, podcasts.map((p) => p.title).join(', '), context.title];
    };
    const name = (await reads())[0];
    expect(await reads()).toEqual([name, name, 'Eigener', 'Eigener']);

    await elsewhere('UPDATE users SET name = ? WHERE id = ?', ['Anders', id]);
    expect(await reads()).toEqual(['Anders', 'Anders', 'Eigener', 'Eigener']);

    // Another team's podcast takes the user in: a podcast no count of the user's own names.
    const other = await verifiedUser(t);
    const theirs = await createPodcast(other.agent, { title: 'Angefangen' });
    await addMember(t, theirs.id, id, 'editor');
    expect(await reads()).toEqual(['Anders', 'Anders', 'Angefangen, Eigener', 'Eigener']);
    await t.db.deleteFrom('user_contexts').where('user_id', '=', id).execute();
    // None selected: the first by title.
    expect(await reads()).toEqual(['Anders', 'Anders', 'Angefangen, Eigener', 'Angefangen']);
    expect((await agent.post(`/api/account/context/${own.id}`)).statusCode).toBe(200);
    await t.db.updateTable('podcasts').set({ title: 'Umbenannt' }).where('id', '=', own.id).execute();
    expect(await reads()).toEqual(['Anders', 'Anders', 'Angefangen, Umbenannt', 'Umbenannt']);
  });

  it('refuse a step at once when it or its experiment is gone, however often it was ticked', async () => {
    const { owner, experiment } = await runningExperiment();
    const [first, second] = experiment.actions;
    const tick = async (step: { id: number }) =>
      (await owner.agent.post(`/api/experiments/actions/${step.id}`, {})).statusCode;
    expect([await tick(first!), await tick(first!), await tick(second!)]).toEqual([200, 200, 200]);
    await t.db.deleteFrom('experiment_actions').where('id', '=', first!.id).execute();
    expect([await tick(first!), await tick(second!)]).toEqual([404, 200]);
    expect((await owner.agent.delete(`/api/experiments/${experiment.id}`)).statusCode).toBe(204);
    expect(await tick(second!)).toBe(404);
  });

  it.runIf(t.db.engine === 'sqlite')(
    'on SQLite, tick a step again without reading session and access',
    async () => {
      const { owner, experiment } = await runningExperiment();
      const step = experiment.actions[0]!.id;
      const read = t.db.readSync!;
      let reads = 0;
      t.db.readSync = (sql, parameters) => (reads++, read(sql, parameters));
      try {
        expect((await owner.agent.post(`/api/experiments/actions/${step}`, {})).statusCode).toBe(200);
        reads = 0;
        expect((await owner.agent.post(`/api/experiments/actions/${step}`, {})).statusCode).toBe(200);
        expect(reads).toBe(0); // the guard's statement is the only one on the reader
      } finally {
        t.db.readSync = read;
      }
    },
  );

  it.runIf(t.db.engine === 'sqlite')('on SQLite, read again unchanged, run no query at all', async () => {
    const { agent } = await verifiedUser(t);
    const podcast = await createPodcast(agent, { title: 'Gemerkt' });
    const read = t.db.readSync!;
    let reads = 0;
    t.db.readSync = (sql, parameters) => (reads++, read(sql, parameters));
    try {
      const count = async () => {
        reads = 0;
        expect(json<One>(await agent.get(`/api/podcasts/${podcast.id}`)).data.title).toBe('Gemerkt');
        expect(json<One>(await agent.get('/api/account/context')).data.title).toBe('Gemerkt');
        expect((await agent.get('/api/account')).statusCode).toBe(200);
        return reads;
      };
      const first = await count();
      // Neither the answer nor the session-and-access row (db/change-memo.ts) is read again.
      expect(await count()).toBe(0);
      expect(first).toBeGreaterThan(0);
    } finally {
      t.db.readSync = read;
    }
  });
});
