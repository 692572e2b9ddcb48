// `npm run admin -- forget-answers` (src/server/cli.ts): every server process forgets what it
// keeps from the database, for a change that no trigger counted, such as a restore run with
// session_replication_role = replica. Entscheidung ADM-1: it raises what every process compares
// with, since they know nothing of each other:
// - the count of changes of everything (migration 0023, podcast_id 0): every kept answer and, on
//   PostgreSQL, every kept session-and-access row holds only under the count it was kept with. On
//   SQLite this command's commit is one by another connection, which counts as a change of
//   everything there (db/change-watch.ts) anyway;
// - the content's edit mark (admin/audit.ts), so the rendered methods and lists and their ETags
//   are made anew (within the content version's time to live in each process).
import { sql } from 'kysely';
import { withTx, type Database } from '../db/database.ts';
import { touchContent } from './audit.ts';

export async function forgetAnswers(db: Database, now: Date) {
  await withTx(db, async (tx) => {
    await tx
      .insertInto('change_counts')
      .values({ podcast_id: 0, count: 1 })
      .onConflict((oc) => oc.column('podcast_id').doUpdateSet({ count: sql`change_counts.count + 1` }))
      .execute();
    await touchContent(tx, now);
  });
}
