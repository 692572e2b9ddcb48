// Which podcast's data changed (src/server/db/change-watch.ts), on a bare SQLite file: the answer
// cache trusts these versions, so each way a change can happen must move them.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { watchChanges } from '../../../src/server/db/change-watch.ts';

function database() {
  const file = join(mkdtempSync(join(tmpdir(), 'kompass-watch-')), 'studio.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.exec(`
    create table podcasts (id integer primary key, title text);
    create table experiments (id integer primary key, podcast_id integer, title text);
    create table comments (id integer primary key, experiment_id integer, content text);
    create table practices (id integer primary key, title text);
    create table sessions (id text primary key, user_id integer);
    insert into podcasts values (1, 'Eins'), (2, 'Zwei');
    insert into experiments values (10, 1, 'Versuch');
  `);
  return { file, sqlite, watch: watchChanges(sqlite) };
}

describe('change watch', () => {
  it('moves the version of the podcast a row belongs to: itself, by podcast_id, through its experiment', () => {
    const { sqlite, watch } = database();
    const cases = [
      "update podcasts set title = 'Neu' where id = 1",
      "insert into experiments (podcast_id, title) values (1, 'Zweiter')",
      "insert into comments (experiment_id, content) values (10, 'Hallo')",
      'delete from comments',
    ];
    for (const statement of cases) {
      const [one, two] = [watch.version(1), watch.version(2)];
      sqlite.exec(statement);
      expect(watch.version(1), statement).not.toBe(one);
      expect(watch.version(2), statement).toBe(two);
    }
  });

  it('moves every podcast for shared content, and none for a session (only the access version)', () => {
    const { sqlite, watch } = database();
    const before = [watch.version(1), watch.version(2)];
    const access = watch.accessVersion(1);
    sqlite.exec("insert into sessions values ('s', 1)");
    expect([watch.version(1), watch.version(2)]).toEqual(before);
    expect(watch.accessVersion(1)).not.toBe(access);
    sqlite.exec("insert into practices (title) values ('Methode')");
    expect(watch.version(1)).not.toBe(before[0]);
    expect(watch.version(2)).not.toBe(before[1]);
  });

  it('moves the access version for what the guard reads: not a new comment, a deleted one', () => {
    const { sqlite, watch } = database();
    const [answers, access] = [watch.version(1), watch.accessVersion(1)];
    sqlite.exec("insert into comments (id, experiment_id, content) values (7, 10, 'Neu')");
    sqlite.exec("update comments set content = 'Anders' where id = 7");
    expect(watch.version(1)).not.toBe(answers);
    expect(watch.accessVersion(1)).toBe(access);
    sqlite.exec('delete from comments where id = 7');
    expect(watch.accessVersion(1)).not.toBe(access);
    const again = watch.accessVersion(1);
    sqlite.exec("update experiments set title = 'Umbenannt' where id = 10");
    expect(watch.accessVersion(1)).not.toBe(again);
  });

  it('moves again once a transaction that changed the podcast has ended', () => {
    // A reader connection sees the old rows until the commit; what it answered meanwhile was
    // kept under the version of the uncommitted change, which must not hold after the commit.
    const { sqlite, watch } = database();
    sqlite.exec('begin');
    sqlite.exec("update podcasts set title = 'Offen' where id = 1");
    const during = watch.version(1);
    expect(watch.version(1)).toBe(during);
    sqlite.exec('commit');
    expect(watch.version(1)).not.toBe(during);
  });

  it('moves every podcast when another connection committed, at the next look', () => {
    const { file, watch } = database();
    watch.look();
    const before = [watch.version(2), watch.accessVersion(2), watch.accessVersion(null)];
    const other = new SQLite(file);
    other.exec("update podcasts set title = 'Von außen' where id = 2");
    other.close();
    // A request that had looked before the commit keeps its versions to its end.
    expect(watch.version(2)).toBe(before[0]);
    watch.look();
    const after = [watch.version(2), watch.accessVersion(2), watch.accessVersion(null)];
    after.forEach((version, i) => expect(version).not.toBe(before[i]));
    watch.look();
    expect(watch.version(2)).toBe(after[0]);
  });
});
