// One write of a request, the engine's way (Entscheidung DB-25): on SQLite `sqlite` runs in a
// synchronous transaction of its own (database.ts writeSync; the writes of one turn of the event
// loop share its commit, group-commit.ts), on PostgreSQL `postgres` runs, written as one statement
// (a data-modifying WITH: one round trip, Entscheidung EXP-2), which SQLite does not have. Both
// return what the route answers; on SQLite it is made inside the transaction, where the request
// pipeline stores it as the Idempotency-Key's answer (pipeline/unit-of-work.ts). So a resource
// writes each shape once and never asks which engine it runs on.
import type { Database, RunSync } from './database.ts';

export function oneWrite<T>(
  db: Database,
  ways: { sqlite: (run: RunSync) => T; postgres: () => Promise<T> },
): Promise<T> {
  return db.writeSync ? db.writeSync(ways.sqlite) : ways.postgres();
}
