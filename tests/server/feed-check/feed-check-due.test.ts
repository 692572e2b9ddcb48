// The daily Feed-Check by due time (feed_check_schedule, migration 0029): a run reads only the due
// podcasts, at most its cap, earliest first, four feeds at a time; a run with nothing due is one
// indexed read; many podcasts made at one instant come due across the whole day, and a clock moved
// across two days of their due times checks each feed once a day, no more, no less. The feeds come
// from a loopback server that counts who asks and how many at once.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { startFeedCheckJob } from '../../../src/server/feed-check/feed-check.ts';
import { dueChecksQuery } from '../../../src/server/feed-check/feed-check-schedule.ts';
import { countedStatements } from '../helpers/statements.ts';
import { feedCheckSetup } from './feed-check-setup.ts';

const { t, server } = await feedCheckSetup();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// A small feed without a cover: one request per check.
const FEED = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Fällig</title>
<item><title>Folge 1</title><guid>f1</guid><pubDate>Mon, 02 Nov 2026 06:00:00 GMT</pubDate>
<enclosure url="http://127.0.0.1:9/f1.mp3" length="1" type="audio/mpeg"/></item></channel></rss>`;
let inFlight = 0;
let mostAtOnce = 0;
let holdMs = 0;
server.route('/due.rss', (_req, res) => {
  inFlight++;
  mostAtOnce = Math.max(mostAtOnce, inFlight);
  setTimeout(() => {
    inFlight--;
    res.setHeader('content-type', 'application/rss+xml');
    res.end(FEED);
  }, holdMs);
});

beforeAll(() => t.clock.set('2026-11-30T09:00:00Z'));

/** `n` podcasts with a feed, made through SQL in one statement (the trigger makes them due now). */
async function podcasts(n: number, name: string) {
  const at = t.clock.now().toISOString();
  const rows = Array.from({ length: n }, (_, i) => ({
    title: `${name} ${i}`,
    rss_uri: server.url(`/due.rss?${name}=${i}`),
    created_at: at,
    updated_at: at,
  }));
  const made = await t.db.insertInto('podcasts').values(rows).returning('id').execute();
  return made.map((r) => r.id);
}

const checksOf = async (ids: number[]) => {
  const rows = await t.db
    .selectFrom('feed_checks')
    .select(['podcast_id', 'checked_at'])
    .where('podcast_id', 'in', ids)
    .orderBy('id')
    .execute();
  return new Map(ids.map((id) => [id, rows.filter((r) => r.podcast_id === id).map((r) => r.checked_at)]));
};
const dueOf = async (ids: number[]) =>
  new Map(
    (
      await t.db
        .selectFrom('feed_check_schedule')
        .select(['podcast_id', 'due_at'])
        .where('podcast_id', 'in', ids)
        .execute()
    ).map((r) => [r.podcast_id, r.due_at]),
  );
const iso = (ms: number) => new Date(ms).toISOString();

describe('the Feed-Check job by due time', { timeout: 120_000 }, () => {
  it('takes only the due podcasts, earliest first, at most its cap, four at a time; nothing due is one indexed read', async () => {
    const ids = await podcasts(30, 'cap');
    const now = t.clock.now().getTime();
    // Ten due (the tenth longest), twenty later today.
    for (const [i, id] of ids.entries()) {
      const due_at = i < 10 ? iso(now - (i + 1) * 60_000) : iso(now + (i - 9) * HOUR);
      await t.db.updateTable('feed_check_schedule').set({ due_at }).where('podcast_id', '=', id).execute();
    }
    const later = new Map([...(await dueOf(ids))].filter(([id]) => ids.indexOf(id) >= 10));
    const { statements, ctx } = countedStatements(t);
    const job = startFeedCheckJob(ctx, t.app.log, HOUR, async () => {}, { perRun: 6, concurrency: 4 });
    holdMs = 30;
    mostAtOnce = 0;

    expect(await job.runOnce()).toBe(true);
    let checked = [...(await checksOf(ids))].filter(([, c]) => c.length > 0).map(([id]) => id);
    expect(checked.sort()).toEqual(ids.slice(4, 10).sort());
    expect(mostAtOnce).toBeLessThanOrEqual(4);
    expect(mostAtOnce).toBeGreaterThan(1);
    // Each is next due at its own time, in more than an hour and at most a day and an hour.
    for (const id of checked) {
      const due = Date.parse((await dueOf([id])).get(id)!);
      expect(due).toBeGreaterThan(now + HOUR);
      expect(due).toBeLessThanOrEqual(now + DAY + HOUR);
    }

    expect(await job.runOnce()).toBe(true);
    checked = [...(await checksOf(ids))].filter(([, c]) => c.length > 0).map(([id]) => id);
    expect(checked.sort()).toEqual(ids.slice(0, 10).sort());

    // Nothing due: the lease, then one read of the schedule; no feed asked, the later rows as they were.
    const hits = server.hits;
    statements.length = 0;
    expect(await job.runOnce()).toBe(true);
    expect(statements.filter((s) => !s.endsWith(' leases'))).toEqual(['SelectQueryNode feed_check_schedule']);
    expect(server.hits).toBe(hits);
    expect(new Map([...(await dueOf(ids))].filter(([id]) => later.has(id)))).toEqual(later);
    await job.stop();

    // That read goes by the index on due_at, sorted by it (no sort step, no scan of the table).
    const query = dueChecksQuery(t.db, t.clock.now(), 200).compile();
    const plan =
      t.db.engine === 'postgres'
        ? await t.db.connection().execute(async (c) => {
            await sql`SET enable_seqscan = off`.execute(c);
            const rows = await sql
              .raw<{ 'QUERY PLAN': string }>(
                `EXPLAIN ${query.sql.replace(/\$1/, `'${t.clock.now().toISOString()}'`).replace(/\$2/, '200')}`,
              )
              .execute(c);
            await sql`RESET enable_seqscan`.execute(c);
            return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
          })
        : (
            await sql
              .raw<{ detail: string }>(
                `EXPLAIN QUERY PLAN ${query.sql.replace('?', `'${t.clock.now().toISOString()}'`).replace('?', '200')}`,
              )
              .execute(t.db)
          ).rows
            .map((r) => r.detail)
            .join('\n');
    expect(plan).toContain('feed_check_schedule_due');
    expect(plan).not.toMatch(/sort|temp b-tree|seq scan|^scan/im);
  });

  it('spreads many new podcasts over the day and, across two days of due times, checks each once a day', async () => {
    holdMs = 0;
    // The job as app.ts starts it, with its own cap, but without the Kompass-KI's evaluation
    // after each check (not what this counts, and the most of its time).
    const job = startFeedCheckJob(t.ctx, t.app.log, HOUR, async () => {});
    // Whatever the first test left due, out of the way.
    await job.runOnce();
    const ids = await podcasts(240, 'spread');
    const start = t.clock.now().getTime();
    // All due at once: a run takes its cap, the next run the rest.
    expect(await job.runOnce()).toBe(true);
    const first = [...(await checksOf(ids)).values()].filter((c) => c.length === 1).length;
    expect(first).toBe(200);
    await job.runOnce();
    expect([...(await checksOf(ids)).values()].every((c) => c.length === 1)).toBe(true);

    // Next due across the whole day: every hour gets some, none many more than its share (10).
    const hours = new Array<number>(24).fill(0);
    for (const due of (await dueOf(ids)).values())
      hours[Math.floor((Date.parse(due) - start) / HOUR) % 24]!++;
    expect(Math.min(...hours), hours.join(' ')).toBeGreaterThanOrEqual(5);
    expect(Math.max(...hours), hours.join(' ')).toBeLessThanOrEqual(15);

    // 49 hours in steps of 20 minutes, the job at every step: each due time passes once a day.
    const step = 20 * 60_000;
    for (let at = start + step; at <= start + 49 * HOUR; at += step) {
      t.clock.set(iso(at));
      await job.runOnce();
    }
    await job.stop();
    for (const [id, checks] of await checksOf(ids)) {
      expect(checks.length, `checks of podcast ${id}`).toBe(3);
      const gap = Date.parse(checks[2]!) - Date.parse(checks[1]!);
      expect(gap, `podcast ${id}`).toBeGreaterThan(DAY - step);
      expect(gap, `podcast ${id}`).toBeLessThan(DAY + step);
    }
  });
});
