// The daily audience fetch by due time: each source is due at its own time between 04:00 UTC
// (after OP3's roll-up) and midnight, at most a day after its last fetch, so many sources do not
// come due at one hour; a run fetches only the due ones, earliest first, at most its cap, a few at
// once, and leaves the others alone. OP3 is the local fake.
import { describe, expect, it } from 'vitest';
import { nextDailyFetch } from '../../../src/server/audience/fetch-source.ts';
import { startAudienceJob } from '../../../src/server/audience/audience-job.ts';
import { json } from '../helpers/agent.ts';
import { countedStatements } from '../helpers/statements.ts';
import { FAKE_OP3_TOKEN } from '../../support/fake-op3.ts';
import { addShow, op3App, podcastWithFeed } from './op3-helpers.ts';

const { t, fake } = await op3App();
const HOUR = 3_600_000;

const until = (done: () => boolean) =>
  new Promise<void>((resolve) => {
    const look = () => (done() ? resolve() : setTimeout(look, 5));
    look();
  });

/** `n` connected OP3 sources, their first year read; their ids and show ids. */
async function sources(n: number) {
  const made: { id: number; show: string }[] = [];
  for (let i = 0; i < n; i++) {
    const show = `${i}`.padStart(4, '0').repeat(8);
    const feed = `https://feeds.example.org/due-${i}.xml`;
    addShow(t, fake, show, feed, 5);
    const { owner, podcast } = await podcastWithFeed(t, feed);
    const created = await owner.agent.post(`/api/podcasts/${podcast.id}/audience-sources`, {
      type: 'op3',
      token: FAKE_OP3_TOKEN,
    });
    expect(created.statusCode, created.body).toBe(201);
    made.push({ id: json<{ data: { id: number } }>(created).data.id, show });
  }
  await t.jobs.audience.idle();
  return made;
}

const fetchedShows = (since: number) =>
  new Set(
    fake.requests
      .slice(since)
      .filter((r) => r.path === '/queries/episode-download-counts')
      .map((r) => r.query.showUuid),
  );

describe('the audience fetch by due time', { timeout: 60_000 }, () => {
  it('gives each source its own time in the daily window, at most a day after its fetch', async () => {
    const now = new Date('2026-11-30T13:17:00Z');
    const hours = new Array<number>(24).fill(0);
    for (let id = 1; id <= 2000; id++) {
      const next = Date.parse(nextDailyFetch(id, now));
      expect(next).toBeGreaterThan(now.getTime());
      expect(next).toBeLessThanOrEqual(now.getTime() + 24 * HOUR);
      hours[new Date(next).getUTCHours()]!++;
    }
    // Nothing before 04:00 UTC; every hour after it its share (100) give or take a little.
    expect(hours.slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(Math.min(...hours.slice(4)), hours.join(' ')).toBeGreaterThanOrEqual(80);
    expect(Math.max(...hours.slice(4)), hours.join(' ')).toBeLessThanOrEqual(120);
    // A source fetched in the window stays at its time the next day.
    const at = Date.parse(nextDailyFetch(7, now));
    expect(Date.parse(nextDailyFetch(7, new Date(at + 60_000)))).toBe(at + 24 * HOUR);
  });

  it('fetches only the due sources, earliest first, at most its cap, two at once', async () => {
    const made = await sources(8);
    // Connected at one instant, yet each is next due at its own time.
    const rows = await t.db
      .selectFrom('audience_sources')
      .select(['id', 'next_fetch_at'])
      .where(
        'id',
        'in',
        made.map((s) => s.id),
      )
      .execute();
    expect(new Set(rows.map((r) => r.next_fetch_at)).size).toBe(8);
    // Five due (the fifth longest), three later.
    const now = t.clock.now().getTime();
    for (const [i, { id }] of made.entries()) {
      const next = new Date(i < 5 ? now - (i + 1) * 60_000 : now + i * HOUR).toISOString();
      await t.db.updateTable('audience_sources').set({ next_fetch_at: next }).where('id', '=', id).execute();
    }
    const { statements, ctx } = countedStatements(t);
    const job = startAudienceJob(ctx, t.app.log, { perRun: 3, concurrency: 2 });

    // Every answer held: two fetches ask OP3, the third waits for one of them.
    let since = fake.requests.length;
    const gate = fake.hold();
    const run = job.runOnce();
    await until(() => gate.held() >= 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(gate.held()).toBe(2);
    gate.release();
    expect(await run).toBe(true);
    await job.idle();
    expect(fetchedShows(since)).toEqual(new Set(made.slice(2, 5).map((s) => s.show)));

    since = fake.requests.length;
    await job.runOnce();
    await job.idle();
    expect(fetchedShows(since)).toEqual(new Set(made.slice(0, 2).map((s) => s.show)));

    // Nothing due: the job's lease, one read of the due sources, and OP3 is not asked.
    since = fake.requests.length;
    statements.length = 0;
    await job.runOnce();
    await job.idle();
    expect(fake.requests.length).toBe(since);
    expect(statements.filter((s) => !s.endsWith(' leases'))).toEqual(['SelectQueryNode audience_sources']);
    await job.stop();
  });
});
