// SQLite's planner statistics as this app keeps them: sqlite_stat1 (rows per index key, what
// ANALYZE or `PRAGMA optimize` writes) stays, the samples of sqlite_stat4 go.
// Entscheidung DB-16: better-sqlite3 is built with SQLITE_ENABLE_STAT4, and with samples for an
// index SQLite marks every statement whose bound parameter meets a column of that index as
// "plan may depend on the value": each new binding (every call, the same value or not) expires
// the statement, and its next step prepares and plans it anew. After an ANALYZE that was every
// hot statement on every call; a method's flags read (five joins, a list of twelve ids) cost
// several times its run in planning, on a large database only, because only that one had been
// analyzed. Our statements are shaped so that an index decides them whatever the value
// (tests/server/db/hot-path-plans.test.ts), so the samples bought nothing. stat1 alone never
// expires a statement. Cleared when the file is opened, before the read-only connection and the
// checkpoint thread load the schema; an ANALYZE run while the app runs brings the samples back
// until its next start.
import type SQLite from 'better-sqlite3';

/** Deletes stat4's samples, if any, and has `sqlite` plan with stat1 alone. Best effort. */
export function dropStat4Samples(sqlite: SQLite.Database, warn: (message: string, error: unknown) => void) {
  try {
    const table = sqlite.prepare(
      "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'sqlite_stat4'",
    );
    if (!table.get()) return false;
    if (!sqlite.prepare('SELECT 1 FROM sqlite_stat4 LIMIT 1').get()) return false;
    sqlite.exec('DELETE FROM sqlite_stat4');
    // Reloads the statistics of this connection (the others load them when they open).
    sqlite.exec('ANALYZE sqlite_schema');
    return true;
  } catch (error) {
    // Another process's write lock or a read-only file: plans stay right, only slower to make.
    warn('SQLite: Statistik-Stichproben (sqlite_stat4) nicht gelöscht', error);
    return false;
  }
}
