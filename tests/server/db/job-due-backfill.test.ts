// Migration 0029 on a database that already has podcasts and audience sources: every podcast with
// a feed gets its next Feed-Check spread over the coming day (not all due at once), the OP3
// sources that all waited for 04:00 UTC get their own times in the daily window, and from then on
// the triggers make a podcast due when it gets a feed or a new feed URL. The state before the
// migration is made by taking its table and triggers away again on a migrated database.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { up } from '../../../src/server/db/migrations/0029-job-due-times.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp();
const HOUR = 3_600_000;

async function before0029() {
  if (t.db.engine === 'postgres') {
    await sql`DROP TRIGGER feed_check_schedule_feed ON podcasts`.execute(t.db);
    await sql`DROP FUNCTION feed_check_schedule_feed()`.execute(t.db);
  } else {
    await sql`DROP TRIGGER feed_check_schedule_new`.execute(t.db);
    await sql`DROP TRIGGER feed_check_schedule_feed`.execute(t.db);
  }
  await sql`DROP TABLE feed_check_schedule`.execute(t.db);
}

describe('migration 0029', () => {
  it('spreads the existing feeds and sources over the day, and makes new feeds due', async () => {
    await before0029();
    const at = new Date().toISOString();
    const podcast = (i: number, feed: boolean) => ({
      title: `Alt ${i}`,
      rss_uri: feed ? `http://127.0.0.1:9/alt-${i}.xml` : null,
      created_at: at,
      updated_at: at,
    });
    const rows = Array.from({ length: 485 }, (_, i) => podcast(i, i >= 5));
    const ids = (await t.db.insertInto('podcasts').values(rows).returning('id').execute()).map((r) => r.id);
    const withFeed = ids.slice(5);
    // The old daily fetch: every source at 04:00 UTC tomorrow; one waits for its user (an error).
    const tomorrow4 = new Date(Date.UTC(2100, 0, 1, 4)).toISOString();
    const sources = await t.db
      .insertInto('audience_sources')
      .values(
        withFeed.slice(0, 41).map((podcast_id, i) => ({
          podcast_id,
          type: 'op3',
          status: i === 40 ? 'error' : 'ok',
          failures: 0,
          next_fetch_at: tomorrow4,
          created_at: at,
        })),
      )
      .returning('id')
      .execute();

    const from = Date.now();
    await up(t.db, t.db.engine);
    const to = Date.now();

    const schedule = await t.db.selectFrom('feed_check_schedule').select(['podcast_id', 'due_at']).execute();
    expect(schedule.map((r) => r.podcast_id).sort()).toEqual([...withFeed].sort());
    const hours = new Array<number>(24).fill(0);
    for (const { due_at } of schedule) {
      const due = Date.parse(due_at);
      expect(due).toBeGreaterThan(from);
      expect(due).toBeLessThanOrEqual(to + 24 * HOUR);
      hours[new Date(due).getUTCHours()]!++;
    }
    // Each hour of the day its share (20), give or take.
    expect(Math.min(...hours), hours.join(' ')).toBeGreaterThanOrEqual(12);
    expect(Math.max(...hours), hours.join(' ')).toBeLessThanOrEqual(28);

    const fetches = await t.db
      .selectFrom('audience_sources')
      .select(['id', 'status', 'next_fetch_at'])
      .where(
        'id',
        'in',
        sources.map((s) => s.id),
      )
      .orderBy('id')
      .execute();
    const ok = fetches.filter((s) => s.status === 'ok');
    expect(new Set(ok.map((s) => s.next_fetch_at)).size).toBe(40);
    for (const { next_fetch_at } of ok) {
      expect(Date.parse(next_fetch_at!)).toBeLessThanOrEqual(to + 24 * HOUR);
      expect(new Date(next_fetch_at!).getUTCHours()).toBeGreaterThanOrEqual(4);
    }
    expect(fetches.find((s) => s.status === 'error')!.next_fetch_at).toBe(tomorrow4);

    // From now on: a podcast made with a feed is due at once, so is one that gets a new feed URL;
    // saving the same URL again changes nothing.
    const [made] = await t.db.insertInto('podcasts').values(podcast(900, true)).returning('id').execute();
    const noFeed = ids[0]!;
    await t.db
      .updateTable('podcasts')
      .set({ rss_uri: 'http://127.0.0.1:9/neu.xml' })
      .where('id', '=', noFeed)
      .execute();
    const kept = withFeed[0]!;
    const keptDue = schedule.find((r) => r.podcast_id === kept)!.due_at;
    await t.db
      .updateTable('podcasts')
      .set({ rss_uri: `http://127.0.0.1:9/alt-5.xml` })
      .where('id', '=', kept)
      .execute();
    const changed = withFeed[1]!;
    await t.db
      .updateTable('podcasts')
      .set({ rss_uri: 'http://127.0.0.1:9/umgezogen.xml' })
      .where('id', '=', changed)
      .execute();
    const due = new Map(
      (
        await t.db
          .selectFrom('feed_check_schedule')
          .select(['podcast_id', 'due_at'])
          .where('podcast_id', 'in', [made!.id, noFeed, kept, changed])
          .execute()
      ).map((r) => [r.podcast_id, r.due_at]),
    );
    expect(due).toEqual(
      new Map([
        [made!.id, ''],
        [noFeed, ''],
        [kept, keptDue],
        [changed, ''],
      ]),
    );
  });
});
