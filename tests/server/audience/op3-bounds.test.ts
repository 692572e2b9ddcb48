// An OP3 that breaks its own rules (a token sent back for ever, the same
// rows again, empty pages with a token, every row twice, one row a page, a day of more downloads
// than a day holds) ends the fetch in a bounded number of calls with a German status on the
// source, and no day holds more downloads than distinct rows came for it; a keyed refresh stores
// each page's days and cursor as it goes, visible outside its request while OP3 is still answering.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { AudienceSource } from '../../../src/shared/audience.ts';
import { nextDailyFetch } from '../../../src/server/audience/fetch-source.ts';
import { op3Client } from '../../../src/server/audience/op3-client.ts';
import { op3AnswerMessages, op3Reader } from '../../../src/server/audience/op3-source.ts';
import { SourceError } from '../../../src/server/audience/source.ts';
import { releaseLease, takeLease } from '../../../src/server/jobs/lease.ts';
import { json, type Agent } from '../helpers/agent.ts';
import { downloadsOn } from '../../support/fake-op3-data.ts';
import { FAKE_OP3_TOKEN, type Misbehaviour } from '../../support/fake-op3.ts';
import {
  addShow,
  op3App,
  op3Config,
  podcastWithFeed,
  setShow,
  sourcesOf,
  storedDays,
  yesterday,
} from './op3-helpers.ts';

const { t, fake } = await op3App({ pageSize: 100 });
/** A test that fails while the fake holds its answers lets them go for the next test. */
let holding: { release(): void } | undefined;
afterEach(() => holding?.release());
let shows = 0;
const nextShow = () => (++shows).toString(16).padStart(32, 'b');
const pagesOf = (showUuid: string) =>
  fake.requests.filter((r) => r.path === `/downloads/show/${showUuid}`).length;
const sourceRow = (id: number) =>
  t.db.selectFrom('audience_sources').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function connect(agent: Agent, podcastId: number) {
  const created = await agent.post(`/api/podcasts/${podcastId}/audience-sources`, {
    type: 'op3',
    token: FAKE_OP3_TOKEN,
  });
  expect(created.statusCode).toBe(201);
  return json<{ data: AudienceSource }>(created).data.id;
}

/** No stored day above the show's downloads that day, nor more in all than the distinct rows. */
function expectWithin(stored: Record<string, number | null>, counts: Record<string, number>) {
  for (const [day, n] of Object.entries(stored)) expect(n, day).toBeLessThanOrEqual(counts[day] ?? 0);
  const sum = (values: (number | null)[]) => values.reduce<number>((a, b) => a + (b ?? 0), 0);
  expect(sum(Object.values(stored))).toBeLessThanOrEqual(sum(Object.values(counts)));
}

describe('an OP3 that breaks its rules', () => {
  it.each<[Misbehaviour, string, number]>([
    ['repeat-token', op3AnswerMessages.repeatedPage, 2],
    ['repeat-rows', op3AnswerMessages.noNewRows, 2],
    ['empty-pages', op3AnswerMessages.noNewRows, 1],
  ])(
    '%s: the backfill stops in bounded calls, says why, and is read again the next day',
    async (mode, message, calls) => {
      const showUuid = nextShow();
      const feed = `https://feeds.example.org/${mode}.xml`;
      const counts = addShow(t, fake, showUuid, feed, 30);
      const { owner, podcast } = await podcastWithFeed(t, feed);
      fake.misbehave(showUuid, mode);
      const id = await connect(owner.agent, podcast.id);
      await t.jobs.audience.idle();

      expect(pagesOf(showUuid)).toBe(calls);
      const [source] = await sourcesOf(owner.agent, podcast.id);
      expect(source).toMatchObject({ status: 'error', message });
      const row = await sourceRow(id);
      expect(row.cursor).toBeNull();
      expect(row.next_fetch_at).toBe(nextDailyFetch(id, t.clock.now()));
      expectWithin(await storedDays(t, id), counts);

      // OP3 behaves again: the next daily fetch reads what is missing, every day once.
      fake.behave(showUuid);
      t.clock.advance(86_400_000);
      await t.jobs.audience.runOnce();
      await t.jobs.audience.idle();
      expect((await sourcesOf(owner.agent, podcast.id))[0]).toMatchObject({ status: 'ok', message: null });
      const stored = await storedDays(t, id);
      for (const [day, n] of Object.entries(counts)) expect(stored[day], day).toBe(n);
    },
  );

  it('counts a row sent twice once', async () => {
    const showUuid = nextShow();
    const feed = 'https://feeds.example.org/doppelt.xml';
    const counts = addShow(t, fake, showUuid, feed, 20);
    const { owner, podcast } = await podcastWithFeed(t, feed);
    fake.misbehave(showUuid, 'double-rows');
    const id = await connect(owner.agent, podcast.id);
    await t.jobs.audience.idle();
    expect((await sourcesOf(owner.agent, podcast.id))[0]).toMatchObject({ status: 'ok' });
    expect(await storedDays(t, id)).toEqual(counts);
  });

  it('stops a refresh at the pages its three days can hold (one row a page)', async () => {
    const showUuid = nextShow();
    const feed = 'https://feeds.example.org/einzeln.xml';
    const counts: Record<string, number> = {};
    for (let i = 0; i < 10; i++) counts[yesterday(t, i)] = 100;
    setShow(fake, showUuid, feed, counts);
    const { owner, podcast } = await podcastWithFeed(t, feed);
    const id = await connect(owner.agent, podcast.id);
    await t.jobs.audience.idle();
    expect(await storedDays(t, id)).toEqual(counts);

    // A refresh reads the last 3 days again: at most 1,000,000 downloads a day in pages of 20,000
    // is 150 pages, and one more for the end. One row a page would be 300 pages.
    fake.misbehave(showUuid, 'one-row-pages');
    const before = pagesOf(showUuid);
    const refreshed = await owner.agent.post(`/api/podcasts/${podcast.id}/audience-sources/${id}:refresh`);
    expect(refreshed.statusCode).toBe(200);
    expect(json<{ data: AudienceSource }>(refreshed).data).toMatchObject({
      status: 'error',
      message: op3AnswerMessages.tooManyPages,
    });
    expect(pagesOf(showUuid) - before).toBe(151);
    expect(await storedDays(t, id)).toEqual(counts);
    fake.behave(showUuid);
  });

  it('refuses a day of more downloads than a day holds, and more rows at one instant than can be', async () => {
    const showUuid = nextShow();
    const day = yesterday(t, 2);
    const sameTime = [1, 2, 3].map((n) => ({ time: `${yesterday(t, 5)}T08:00:00.000Z`, episodeId: `e${n}` }));
    fake.addShow({
      showUuid,
      title: 'Voll',
      episodes: [],
      downloads: [...sameTime, ...downloadsOn(yesterday(t, 3), 5), ...downloadsOn(day, 30)],
    });
    const read = async (limits: { maxDayDownloads: number; maxAtOnce: number }) => {
      const reader = op3Reader(op3Client(op3Config(fake), FAKE_OP3_TOKEN), showUuid, {
        started: false,
        limits,
      });
      const batches = [];
      for await (const batch of reader.read({ from: yesterday(t, 9), to: yesterday(t) }, null))
        batches.push(batch);
      return batches;
    };
    const refused = (message: string) => expect.objectContaining({ kind: 'answer', message });
    await expect(read({ maxDayDownloads: 20, maxAtOnce: 10 })).rejects.toEqual(
      refused(op3AnswerMessages.tooManyDownloads(day)),
    );
    await expect(read({ maxDayDownloads: 20, maxAtOnce: 2 })).rejects.toEqual(
      refused(op3AnswerMessages.tooManyDownloads(yesterday(t, 5))),
    );
    await expect(read({ maxDayDownloads: 20, maxAtOnce: 2 })).rejects.toBeInstanceOf(SourceError);
    const days = (await read({ maxDayDownloads: 30, maxAtOnce: 3 })).flatMap((b) => b.days);
    expect(days.find((d) => d.day === day)).toEqual({ day, downloads: 30 });
    expect(op3AnswerMessages.tooManyDownloads('2026-12-01')).toContain('01.12.2026');
  });
});

describe('a refresh with an Idempotency-Key', () => {
  it('stores each page with its cursor as it goes, seen outside the request while OP3 still answers', async () => {
    const showUuid = nextShow();
    const path = `/downloads/show/${showUuid}`;
    const feed = 'https://feeds.example.org/fortschritt.xml';
    const counts = addShow(t, fake, showUuid, feed, 60);
    const { owner, podcast } = await podcastWithFeed(t, feed);
    // The backfill's first page fails: the source waits (pending) with no day and no cursor.
    fake.fail('500', { times: 1, path });
    const id = await connect(owner.agent, podcast.id);
    await t.jobs.audience.idle();
    expect(await sourceRow(id)).toMatchObject({ status: 'pending', cursor: null });

    const gate = (holding = fake.hold({ after: 4, path }));
    const refresh = owner.agent.post(
      `/api/podcasts/${podcast.id}/audience-sources/${id}:refresh`,
      undefined,
      {
        'idempotency-key': randomUUID(),
      },
    );
    // Until the fifth page is held (or the refresh answered without reaching it: red below).
    let settled = false;
    void refresh.finally(() => (settled = true));
    while (gate.held() === 0 && !settled) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(gate.held(), 'the fifth page held while the refresh runs').toBe(1);
    // Four pages answered, the fifth held: their days and the cursor are committed already.
    const midway = await sourceRow(id);
    expect(midway.cursor).not.toBeNull();
    const stored = await storedDays(t, id);
    expect(Object.keys(stored).length).toBeGreaterThan(0);
    expectWithin(stored, counts);
    gate.release();
    const answered = await refresh;
    expect(answered.statusCode).toBe(200);
    expect(json<{ data: AudienceSource }>(answered).data).toMatchObject({ status: 'ok' });
    expect(await storedDays(t, id)).toEqual(counts);
  });
});

describe('the lease of a long fetch', () => {
  it('stops without writing when its lease ran out and another process took the source', async () => {
    const showUuid = nextShow();
    const path = `/downloads/show/${showUuid}`;
    const feed = 'https://feeds.example.org/abgeloest.xml';
    addShow(t, fake, showUuid, feed, 60);
    const { owner, podcast } = await podcastWithFeed(t, feed);
    fake.fail('500', { times: 1, path });
    const id = await connect(owner.agent, podcast.id);
    await t.jobs.audience.idle();

    const gate = (holding = fake.hold({ after: 2, path }));
    const fetching = t.jobs.audience.fetchNow(id);
    while (gate.held() === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // The fetch outlives its 10-minute lease (the clock moves on) and another process takes it.
    t.clock.advance(11 * 60_000);
    const lease = `audience-source:${id}`;
    expect(await takeLease(t.ctx, lease, 10 * 60_000, 'ein-anderer-prozess')).toBe(true);
    const { cursor } = await sourceRow(id);
    const before = pagesOf(showUuid);
    gate.release();
    expect(await fetching).toBe('busy');
    // The held page came, and nothing after it; the cursor is where the other process resumes.
    expect(pagesOf(showUuid) - before).toBe(1);
    expect((await sourceRow(id)).cursor).toBe(cursor);
    await releaseLease(t.ctx, lease, 'ein-anderer-prozess');
  });
});
