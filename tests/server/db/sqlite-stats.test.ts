// SQLite's statistics as the app keeps them (src/server/db/sqlite-stats.ts): an analyzed file
// (ANALYZE by an operator, or the population of the data-scale bench) opens with sqlite_stat1
// kept and sqlite_stat4's samples gone, since those make SQLite plan every hot statement anew at
// each call. SQLite files on either engine's run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDatabaseConfig } from '../../../src/server/config.ts';
import { createDatabase } from '../../../src/server/db/database.ts';

let dataDir: string;
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** A file with an indexed table of skewed values, analyzed: stat1 and stat4 both hold rows. */
function analyzedFile() {
  dataDir = mkdtempSync(join(tmpdir(), 'kompass-stats-'));
  const file = join(dataDir, 'studio.sqlite');
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.exec(`CREATE TABLE flags (id INTEGER PRIMARY KEY, podcast_id INTEGER NOT NULL, practice_id INTEGER NOT NULL);
    CREATE UNIQUE INDEX flags_key ON flags (podcast_id, practice_id);
    WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 2000)
    INSERT INTO flags (podcast_id, practice_id) SELECT i % 50, i FROM s;
    ANALYZE;`);
  raw.close();
  return file;
}
const counts = (file: string) => {
  const raw = new SQLite(file, { readonly: true });
  const count = (table: string) =>
    (raw.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  try {
    return { stat1: count('sqlite_stat1'), stat4: count('sqlite_stat4') };
  } finally {
    raw.close();
  }
};
const silent = { error: () => {}, warn: () => {}, info: () => {} };

describe('SQLite statistics', () => {
  it('an analyzed file opens with stat1 kept and stat4’s samples gone, again after the next ANALYZE', async () => {
    const file = analyzedFile();
    const { stat1, stat4 } = counts(file);
    expect(stat1).toBeGreaterThan(0);
    expect(stat4).toBeGreaterThan(0);
    for (let start = 0; start < 2; start++) {
      const db = createDatabase({ dataDir }, silent);
      // The app's own connection plans with what is left: the index still narrows the read.
      const raw = new SQLite(file, { readonly: true });
      const plan = raw
        .prepare('EXPLAIN QUERY PLAN SELECT id FROM flags WHERE podcast_id = ? AND practice_id = ?')
        .all(7, 7) as { detail: string }[];
      raw.close();
      await db.destroy();
      expect(counts(file)).toEqual({ stat1, stat4: 0 });
      expect(plan.map((p) => p.detail).join()).toMatch(/USING COVERING INDEX flags_key/);
      // An operator analyzes the file again while the app is stopped.
      const again = new SQLite(file);
      again.exec('ANALYZE');
      again.close();
      expect(counts(file).stat4).toBeGreaterThan(0);
    }
  });

  it('a file never analyzed gets no statistics tables; a file locked by another writer still opens', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kompass-stats-'));
    const fresh = createDatabase({ dataDir }, silent);
    const tables = new SQLite(join(dataDir, 'studio.sqlite'), { readonly: true })
      .prepare("SELECT name FROM sqlite_schema WHERE name LIKE 'sqlite_stat%'")
      .all();
    await fresh.destroy();
    expect(tables).toEqual([]);

    rmSync(dataDir, { recursive: true, force: true });
    const file = analyzedFile();
    const writer = new SQLite(file);
    writer.exec('BEGIN IMMEDIATE');
    const warned: string[] = [];
    const db = createDatabase(
      { dataDir, database: { ...parseDatabaseConfig({}), lockTimeoutMs: 20 } },
      { ...silent, warn: (_, message) => warned.push(message) },
    );
    writer.exec('ROLLBACK');
    writer.close();
    const rows = await db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
    await db.destroy();
    expect(rows).toEqual([{ one: 1 }]);
    expect(warned).toEqual(['SQLite: Statistik-Stichproben (sqlite_stat4) nicht gelöscht']);
  });
});
