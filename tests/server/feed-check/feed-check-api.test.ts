// The Feed-Check through the API: an import stores a report, a refresh of the fixed feed says
// what got fixed, the daily job checks each feed once a day, and the guard: members of every role
// read, strangers get 404, Basic sees the findings without the methods. Feeds and covers come
// from a loopback server.
import { beforeAll, describe, expect, it } from 'vitest';
import { feedCheckMessages, type FeedCheck } from '../../../src/shared/feed-check.ts';
import { json } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { addCategories, addMember, createPodcast } from '../podcasts/podcast-helpers.ts';
import { feedCheckSetup, fixture } from './feed-check-setup.ts';

const { t, server } = await feedCheckSetup();

beforeAll(() => t.clock.set('2026-11-26T10:00:00Z'));

async function importFaulty(path: string) {
  let xml = fixture('kompass-fehlerhaft.rss');
  server.feed(path, () => xml);
  const owner = await verifiedUser(t);
  const response = await owner.agent.post('/api/podcasts:import', { rss_uri: server.url(path) });
  expect(response.statusCode, response.body).toBe(201);
  const podcastId = json<{ data: { id: number } }>(response).data.id;
  return { owner, podcastId, fix: () => void (xml = fixture('kompass-gut.rss')) };
}

const report = async (agent: Awaited<ReturnType<typeof verifiedUser>>['agent'], podcastId: number) => {
  const response = await agent.get(`/api/podcasts/${podcastId}/feed-check`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: FeedCheck }>(response).data;
};

describe('GET /api/podcasts/{id}/feed-check', () => {
  it('an import finds the faults with the methods that help; a refresh of the fixed feed says what got fixed', async () => {
    const { owner, podcastId, fix } = await importFaulty('/fehlerhaft.rss');
    const first = await report(owner.agent, podcastId);
    expect(first.checked_at).toBe('2026-11-26T10:00:00.000Z');
    expect(first.resolved).toEqual([]);
    const keys = first.findings.map((f) => f.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'artwork_square',
        'artwork_size',
        'category_missing',
        'guid_duplicate',
        'language_missing',
      ]),
    );
    expect(first.findings[0]!.severity).toBe('error');
    const size = first.findings.find((f) => f.key === 'artwork_size')!;
    expect(size.title).toBe('Cover in falscher Größe');
    expect(size.message).toContain('500 × 400');
    expect(size.practices).toContainEqual({ id: 12, title: 'Ein Cover, das auch in Briefmarkengröße wirkt' });
    expect(first.rhythm).toMatchObject({ episodes: 6, median_days: 7, weekday: 2 });
    // The dashboard's 'Rhythmus' (chart and table): this feed gives no durations.
    expect(first.rhythm.months).toEqual([
      { month: '2026-10', episodes: 2, minutes: null },
      { month: '2026-11', episodes: 4, minutes: null },
    ]);

    fix();
    t.clock.advance(60_000);
    const refreshed = await owner.agent.post(`/api/podcasts/${podcastId}:refresh`);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const second = await report(owner.agent, podcastId);
    // Only plain http is left: the test server has no TLS.
    expect(second.findings.map((f) => f.key)).toEqual(['https']);
    expect(second.resolved).toEqual(
      expect.arrayContaining(['artwork_size', 'category_missing', 'guid_duplicate', 'episode_title_bare']),
    );
    expect(second.resolved).not.toContain('https');
  });

  it('every role reads it; a stranger gets 404; Basic sees the findings without the methods', async () => {
    const { podcastId } = await importFaulty('/fehlerhaft-2.rss');
    const observer = await verifiedUser(t);
    await addMember(t, podcastId, observer.id, 'observer');
    expect((await report(observer.agent, podcastId)).findings.length).toBeGreaterThan(0);

    const stranger = await verifiedUser(t);
    const refused = await stranger.agent.get(`/api/podcasts/${podcastId}/feed-check`);
    expect(refused.statusCode).toBe(404);

    // The trial ends after 30 days: Basic.
    await t.db.updateTable('podcasts').set({ trial_days: 0 }).where('id', '=', podcastId).execute();
    const basic = await report(observer.agent, podcastId);
    expect(basic.findings.length).toBeGreaterThan(0);
    expect(basic.findings.every((f) => f.practices.length === 0)).toBe(true);
    // The rhythm is every role's and plan's (the dashboard shows it to all).
    expect(basic.rhythm.months.map((m) => m.episodes)).toEqual([2, 4]);
  });

  it('a podcast without a feed answers 404 with what to do', async () => {
    await addCategories(t);
    const owner = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent, { rss_uri: null });
    const response = await owner.agent.get(`/api/podcasts/${podcast.id}/feed-check`);
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({ message: feedCheckMessages.noFeed });
  });
});

describe('the daily job', () => {
  it('checks each feed once a day; a feed that cannot be read is a finding', async () => {
    const { owner, podcastId } = await importFaulty('/taeglich.rss');
    const checks = async () =>
      Number(
        (
          await t.db
            .selectFrom('feed_checks')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('podcast_id', '=', podcastId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await checks()).toBe(1);
    await t.jobs.feedChecks.runOnce();
    expect(await checks()).toBe(1); // checked less than a day ago

    t.clock.advance(25 * 3600_000);
    server.route('/taeglich.rss', (_req, res) => {
      res.statusCode = 404;
      res.end();
    });
    for (let run = 0; run < 20 && (await checks()) < 2; run++) await t.jobs.feedChecks.runOnce();
    expect(await checks()).toBe(2);
    const latest = await report(owner.agent, podcastId);
    expect(latest.findings.map((f) => f.key)).toEqual(['feed_unreadable']);
  });
});
