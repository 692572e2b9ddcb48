// Two server processes on one database (two apps on the same DATABASE_URL, or the same SQLite
// file): their daily jobs run at the same moment, and a refresh in one meets the job of the
// other, yet OP3 is asked for each source once and every day is stored once.
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { json } from '../helpers/agent.ts';
import { FAKE_OP3_TOKEN } from '../../support/fake-op3.ts';
import { addShow, op3App, podcastWithFeed, storedDays, yesterday } from './op3-helpers.ts';

const { t, fake } = await op3App({ pageSize: 25 });
const second = await buildApp(t.config, { logger: false, clock: t.clock });
afterAll(() => second.app.close());

const shows = ['1', '2', '3', '4'].map((c) => c.repeat(32));
/** How often each show's fetch ended (each fetch asks for the episode counts once, at its end). */
const fetchesOf = (showUuid: string, since: number) =>
  fake.requests
    .slice(since)
    .filter((r) => r.path === '/queries/episode-download-counts' && r.query.showUuid === showUuid).length;

describe('the daily fetch with two processes', () => {
  it('fetches each due source once when both jobs run at once', { timeout: 60_000 }, async () => {
    const sources: { id: number; podcastId: number; showUuid: string; counts: Record<string, number> }[] = [];
    for (const showUuid of shows) {
      const feed = `https://feeds.example.org/${showUuid.slice(0, 3)}.xml`;
      const counts = addShow(t, fake, showUuid, feed, 20);
      const { owner, podcast } = await podcastWithFeed(t, feed);
      const created = await owner.agent.post(`/api/podcasts/${podcast.id}/audience-sources`, {
        type: 'op3',
        token: FAKE_OP3_TOKEN,
      });
      sources.push({
        id: json<{ data: { id: number } }>(created).data.id,
        podcastId: podcast.id,
        showUuid,
        counts,
      });
    }
    await t.jobs.audience.idle();

    // A day later all four are due; every answer of the fake waits a little, so the two processes'
    // fetches overlap. Both apps share this Node process's job lease holder, so both jobs run.
    t.clock.advance(86_400_000);
    fake.delay(20);
    const since = fake.requests.length;
    expect(await Promise.all([t.jobs.audience.runOnce(), second.jobs.audience.runOnce()])).toEqual([
      true,
      true,
    ]);
    await Promise.all([t.jobs.audience.idle(), second.jobs.audience.idle()]);
    for (const { id, showUuid, counts } of sources) {
      expect(fetchesOf(showUuid, since), showUuid).toBe(1);
      // The new day had no download: 0, since the show has started.
      expect(await storedDays(t, id)).toEqual({ ...counts, [yesterday(t)]: 0 });
    }
    const rows = await t.db.selectFrom('audience_sources').select(['status', 'next_fetch_at']).execute();
    expect(rows.every((r) => r.status === 'ok' && r.next_fetch_at! > t.clock.now().toISOString())).toBe(true);

    // The next day: while the first process fetches a source (its answers held), a refresh in the
    // second finds the source's lease taken and asks OP3 nothing.
    fake.delay(0);
    t.clock.advance(86_400_000);
    const again = fake.requests.length;
    const gate = fake.hold();
    const { id, showUuid } = sources[0]!;
    const job = t.jobs.audience.fetchNow(id);
    while (gate.held() === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await second.jobs.audience.fetchNow(id)).toBe('busy');
    expect(gate.held()).toBe(1);
    gate.release();
    expect(await job).toBe('ok');
    expect(fetchesOf(showUuid, again)).toBe(1);
  });
});
