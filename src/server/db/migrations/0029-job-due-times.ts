// When each podcast's feed is next due for its daily Feed-Check: one row per podcast with a feed,
// indexed by that time, so the job reads only the due ones (feed-check/feed-check-schedule.ts).
// Every stored check writes the next time, at the podcast's own time of day (jobs/due-spread.ts).
// An empty `due_at` sorts before every instant: due now. Triggers make a podcast due when it is
// made with a feed or its feed URL changes, however that happens (the form, an import, SQL).
// Existing podcasts get their times spread over the next day; existing audience sources leave
// the 04:00 UTC they all shared for their own time in the day's window (audience/fetch-source.ts).
// Entscheidung JOBS-1: each job reads only what is due, each row at its own time of day.
import { sql } from 'kysely';
import type { Engine } from '../database.ts';
import { notNull, type MigrationDb } from './column-types.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** jobs/due-spread.ts's nextDailySlot as of this migration (db/ sits below jobs/; kept as it was). */
function nextDailySlot(id: number, after: number, { startMs = 0, spanMs = DAY } = {}) {
  const offset = Math.floor(((Math.imul(id, 0x9e3779b1) >>> 0) / 2 ** 32) * spanMs);
  let next = Math.floor(after / DAY) * DAY + startMs + offset;
  while (next <= after) next += DAY;
  return next;
}
/** The audience fetch's daily window as of this migration: 04:00 to midnight UTC. */
const AUDIENCE_WINDOW = { startMs: 4 * HOUR, spanMs: 20 * HOUR };

async function backfill(db: MigrationDb, now: number) {
  const podcasts = await db.selectFrom('podcasts').select('id').where('rss_uri', 'is not', null).execute();
  for (let i = 0; i < podcasts.length; i += 500) {
    const rows = podcasts.slice(i, i + 500).map(({ id }: { id: number }) => ({
      podcast_id: id,
      due_at: new Date(nextDailySlot(id, now)).toISOString(),
    }));
    await db.insertInto('feed_check_schedule').values(rows).execute();
  }
  const sources = await db
    .selectFrom('audience_sources')
    .select('id')
    .where('status', '=', 'ok')
    .where('next_fetch_at', '>', new Date(now).toISOString())
    .execute();
  for (const { id } of sources as { id: number }[]) {
    const next = new Date(nextDailySlot(id, now, AUDIENCE_WINDOW)).toISOString();
    await db.updateTable('audience_sources').set({ next_fetch_at: next }).where('id', '=', id).execute();
  }
}

export async function up(db: MigrationDb, engine: Engine) {
  await db.schema
    .createTable('feed_check_schedule')
    .addColumn('podcast_id', 'integer', (c) => c.primaryKey().references('podcasts.id').onDelete('cascade'))
    .addColumn('due_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('feed_check_schedule_due').on('feed_check_schedule').column('due_at').execute();
  // The wall clock: a migration has no app clock (tests migrate empty databases).
  await backfill(db, Date.now());

  if (engine === 'postgres') {
    await sql`
      CREATE FUNCTION feed_check_schedule_feed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.rss_uri IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.rss_uri IS DISTINCT FROM NEW.rss_uri) THEN
          INSERT INTO feed_check_schedule (podcast_id, due_at) VALUES (NEW.id, '')
            ON CONFLICT (podcast_id) DO UPDATE SET due_at = '';
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER feed_check_schedule_feed AFTER INSERT OR UPDATE OF rss_uri ON podcasts
      FOR EACH ROW EXECUTE FUNCTION feed_check_schedule_feed()`.execute(db);
    return;
  }
  await sql`CREATE TRIGGER feed_check_schedule_new AFTER INSERT ON podcasts
      WHEN NEW.rss_uri IS NOT NULL BEGIN
      INSERT OR REPLACE INTO feed_check_schedule (podcast_id, due_at) VALUES (NEW.id, '');
    END`.execute(db);
  await sql`CREATE TRIGGER feed_check_schedule_feed AFTER UPDATE OF rss_uri ON podcasts
      WHEN NEW.rss_uri IS NOT NULL AND NEW.rss_uri IS NOT OLD.rss_uri BEGIN
      INSERT OR REPLACE INTO feed_check_schedule (podcast_id, due_at) VALUES (NEW.id, '');
    END`.execute(db);
}
