// When each podcast's Kompass-KI rules may next name a tip without any write (an experiment
// ending in three days, 30 days without metrics, the trial's last days, a bookmark 14 days old):
// one row per podcast, indexed by that time, so the sweep reads only the podcasts that are due
// (engine/tips/tip-schedule.ts). An empty `due_at` sorts before every instant: due now.
// Triggers mark a podcast due when it is made, and when the inputs of its plan or age change behind
// the app's back (an admin's grant, a trial's length, the owner's lifetime access, a test's SQL).
// Entscheidung JOBS-1: the sweep reads only what is due.
import { sql } from 'kysely';
import type { Engine } from '../database.ts';
import { notNull, type MigrationDb } from './column-types.ts';

const MARK_OWNER = `UPDATE tip_schedule SET due_at = '' WHERE podcast_id IN
  (SELECT podcast_id FROM memberships WHERE user_id = NEW.id AND role = 'owner')`;

export async function up(db: MigrationDb, engine: Engine) {
  await db.schema
    .createTable('tip_schedule')
    .addColumn('podcast_id', 'integer', (c) => c.primaryKey().references('podcasts.id').onDelete('cascade'))
    .addColumn('due_at', 'text', notNull)
    // The wall-clock time of the evaluation that wrote the row: an older one never overwrites it.
    .addColumn('evaluated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('tip_schedule_due').on('tip_schedule').column('due_at').execute();
  await sql`INSERT INTO tip_schedule (podcast_id, due_at) SELECT id, '' FROM podcasts`.execute(db);

  if (engine === 'postgres') {
    await sql`
      CREATE FUNCTION tip_schedule_new() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO tip_schedule (podcast_id, due_at) VALUES (NEW.id, '') ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE FUNCTION tip_schedule_podcast() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE tip_schedule SET due_at = '' WHERE podcast_id = NEW.id;
        RETURN NULL;
      END $$`.execute(db);
    await sql
      .raw(
        `CREATE FUNCTION tip_schedule_owner() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          ${MARK_OWNER};
          RETURN NULL;
        END $$`,
      )
      .execute(db);
    await sql`CREATE TRIGGER tip_schedule_new AFTER INSERT ON podcasts
      FOR EACH ROW EXECUTE FUNCTION tip_schedule_new()`.execute(db);
    await sql`CREATE TRIGGER tip_schedule_podcast AFTER UPDATE OF created_at, trial_days, pro_until ON podcasts
      FOR EACH ROW EXECUTE FUNCTION tip_schedule_podcast()`.execute(db);
    await sql`CREATE TRIGGER tip_schedule_owner AFTER UPDATE OF granted ON users
      FOR EACH ROW EXECUTE FUNCTION tip_schedule_owner()`.execute(db);
    return;
  }
  await sql`CREATE TRIGGER tip_schedule_new AFTER INSERT ON podcasts BEGIN
      INSERT OR IGNORE INTO tip_schedule (podcast_id, due_at) VALUES (NEW.id, '');
    END`.execute(db);
  await sql`CREATE TRIGGER tip_schedule_podcast AFTER UPDATE OF created_at, trial_days, pro_until ON podcasts BEGIN
      UPDATE tip_schedule SET due_at = '' WHERE podcast_id = NEW.id;
    END`.execute(db);
  await sql
    .raw(`CREATE TRIGGER tip_schedule_owner AFTER UPDATE OF granted ON users BEGIN ${MARK_OWNER}; END`)
    .execute(db);
}
