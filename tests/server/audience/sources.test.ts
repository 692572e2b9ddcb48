// Connecting OP3 as a podcaster does it (the API against the local OP3 fake): the show is found
// from the feed URL, 12 months are read in the background, the daily job brings them up to date,
// a 429 pauses and resumes at the same page, and each refusal has its own German message.
import { describe, expect, it } from 'vitest';
import { audienceMessages } from '../../../src/shared/audience.ts';
import { serverTokenBox } from '../../../src/server/audience/token-box.ts';
import { sourceMessages } from '../../../src/server/audience/fetch-source.ts';
import { json, type Agent } from '../helpers/agent.ts';
import { FAKE_OP3_TOKEN } from '../../support/fake-op3.ts';
import {
  addShow,
  op3App,
  podcastWithFeed,
  setShow,
  sourcesOf,
  storedDays,
  yesterday,
} from './op3-helpers.ts';

const { t, fake } = await op3App({ pageSize: 100 });
const connect = (agent: Agent, podcastId: number, token = FAKE_OP3_TOKEN) =>
  agent.post(`/api/podcasts/${podcastId}/audience-sources`, { type: 'op3', token });
const count = async (table: 'audience_sources' | 'audience_days' | 'audience_episodes') =>
  (await t.db.selectFrom(table).select('podcast_id').execute()).length;

describe('connecting OP3', () => {
  it('refuses a wrong token, an unknown show, a podcast without feed and an unreachable OP3, each in its words', async () => {
    addShow(t, fake, 'c'.repeat(32), 'https://feeds.example.org/bekannt.xml');
    const { owner, podcast } = await podcastWithFeed(t, 'https://feeds.example.org/bekannt.xml');
    const wrong = await connect(owner.agent, podcast.id, 'ein-falsches-token-0000');
    expect(wrong.statusCode).toBe(422);
    expect(json(wrong)).toEqual({
      message: audienceMessages.tokenInvalid,
      errors: { token: [audienceMessages.tokenInvalid] },
    });

    const unknown = await podcastWithFeed(t, 'https://feeds.example.org/unbekannt.xml');
    const notFound = await connect(unknown.owner.agent, unknown.podcast.id);
    expect(notFound.statusCode).toBe(422);
    expect(json(notFound).errors).toEqual({ token: [audienceMessages.showUnknown] });

    const noFeed = await podcastWithFeed(t, '');
    const withoutFeed = await connect(noFeed.owner.agent, noFeed.podcast.id);
    expect(json(withoutFeed).errors).toEqual({ token: [audienceMessages.noFeed] });

    fake.fail('close', { times: 1 });
    const away = await connect(owner.agent, podcast.id);
    expect(away.statusCode).toBe(503);
    expect(json(away)).toEqual({
      message: audienceMessages.unreachable,
      // The form's message: no field is wrong when OP3 cannot be reached.
      errors: {},
    });
    expect(away.headers['retry-after']).toBeDefined();

    const empty = await connect(owner.agent, podcast.id, '   ');
    expect(json(empty).errors).toEqual({ token: ['Bitte füge dein OP3-API-Token ein.'] });
    expect(await count('audience_sources')).toBe(0);
  });

  it('answers 201 pending at once, reads 12 months in the background, and keeps only a sealed token', async () => {
    const counts = addShow(t, fake, 'd'.repeat(32), 'https://feeds.example.org/zeitreise.xml', 40);
    const { owner, podcast } = await podcastWithFeed(t, 'https://feeds.example.org/zeitreise.xml');
    const created = await connect(owner.agent, podcast.id);
    expect(created.statusCode).toBe(201);
    const source = json<{ data: Record<string, unknown> }>(created).data;
    expect(source).toMatchObject({
      type: 'op3',
      token_hint: '1a2b',
      show_title: 'Show dddd',
      status: 'pending',
      message: sourceMessages.backfilling,
    });
    await t.jobs.audience.idle();

    const [listed] = await sourcesOf(owner.agent, podcast.id);
    expect(listed).toMatchObject({
      id: source.id,
      status: 'ok',
      message: null,
      first_day: yesterday(t, 39),
      last_day: yesterday(t),
    });
    expect(listed!.last_fetched_at).toBe(t.clock.now().toISOString());
    // The backfill asked for 12 months up to yesterday (UTC), bots excluded.
    const first = fake.requests.find((r) => r.path === `/downloads/show/${'d'.repeat(32)}`)!;
    expect(first.query).toMatchObject({
      start: yesterday(t, 364),
      end: yesterday(t, -1),
      bots: 'exclude',
      format: 'json',
    });
    expect(await storedDays(t, listed!.id)).toEqual(counts);
    const episodes = await t.db
      .selectFrom('audience_episodes')
      .selectAll()
      .where('source_id', '=', listed!.id)
      .execute();
    expect(episodes).toMatchObject([
      { item_guid: `${'d'.repeat(32)}-1`, downloads_7: 70, downloads_30: 300 },
    ]);

    const row = await t.db
      .selectFrom('audience_sources')
      .selectAll()
      .where('id', '=', listed!.id)
      .executeTakeFirstOrThrow();
    expect(row.token_secret).not.toContain(FAKE_OP3_TOKEN);
    expect((await serverTokenBox(t.db)).open(row.token_secret!, podcast.id)).toBe(FAKE_OP3_TOKEN);
    expect((await serverTokenBox(t.db)).open(row.token_secret!, podcast.id + 1)).toBeNull();

    const twice = await connect(owner.agent, podcast.id);
    expect(twice.statusCode).toBe(422);
    expect(json(twice).errors).toEqual({ type: [audienceMessages.alreadyConnected] });

    // The next day: the job reads again from 3 days before the newest day and adds the new one.
    t.clock.advance(86_400_000);
    setShow(fake, 'd'.repeat(32), 'https://feeds.example.org/zeitreise.xml', {
      ...counts,
      [yesterday(t)]: 77,
    });
    const before = fake.requests.length;
    expect(await t.jobs.audience.runOnce()).toBe(true);
    const asked = fake.requests.slice(before).filter((r) => r.path.startsWith('/downloads/'));
    expect(asked[0]!.query).toMatchObject({ start: yesterday(t, 3), end: yesterday(t, -1) });
    expect(await storedDays(t, listed!.id)).toEqual({ ...counts, [yesterday(t)]: 77 });
    // Not due again until tomorrow: a second run asks OP3 nothing.
    const after = fake.requests.length;
    await t.jobs.audience.runOnce();
    expect(fake.requests.length).toBe(after);

    // Removing the source removes its days, its episodes and its token.
    const removed = await owner.agent.delete(`/api/podcasts/${podcast.id}/audience-sources/${listed!.id}`);
    expect(removed.statusCode).toBe(204);
    expect(await sourcesOf(owner.agent, podcast.id)).toEqual([]);
    expect(await storedDays(t, listed!.id)).toEqual({});
    expect(
      (await t.db.selectFrom('audience_episodes').selectAll().where('source_id', '=', listed!.id).execute())
        .length,
    ).toBe(0);
    const again = await owner.agent.delete(`/api/podcasts/${podcast.id}/audience-sources/${listed!.id}`);
    expect(again.statusCode).toBe(404);
    expect(json(again).message).toBe(audienceMessages.sourceNotFound);
  });

  it('pauses on 429 mid-backfill, keeps the cursor, and resumes at the page it stopped', async () => {
    const showUuid = 'e'.repeat(32);
    const counts = addShow(t, fake, showUuid, 'https://feeds.example.org/gross.xml', 60);
    const { owner, podcast } = await podcastWithFeed(t, 'https://feeds.example.org/gross.xml');
    fake.fail('429', { after: 2, path: `/downloads/show/${showUuid}` });
    const created = json<{ data: { id: number } }>(await connect(owner.agent, podcast.id)).data;
    await t.jobs.audience.idle();
    const [paused] = await sourcesOf(owner.agent, podcast.id);
    expect(paused).toMatchObject({ status: 'pending', message: sourceMessages.backfillPaused });
    const row = await t.db
      .selectFrom('audience_sources')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.cursor).not.toBeNull();
    expect(row.failures).toBe(1);
    expect(row.next_fetch_at).toBe(new Date(t.clock.now().getTime() + 5 * 60_000).toISOString());
    const pages = fake.requests.filter((r) => r.path === `/downloads/show/${showUuid}`);
    const refused = pages.at(-1)!;
    // Only complete days are stored, and they are right.
    const partial = await storedDays(t, created.id);
    expect(Object.keys(partial).length).toBeGreaterThan(0);
    for (const [day, n] of Object.entries(partial)) expect(n).toBe(counts[day]);

    // Not due yet: nothing; five minutes later the job asks for the refused page again.
    await t.jobs.audience.runOnce();
    expect(fake.requests.filter((r) => r.path === `/downloads/show/${showUuid}`)).toHaveLength(pages.length);
    t.clock.advance(5 * 60_000);
    await t.jobs.audience.runOnce();
    const resumed = fake.requests.filter((r) => r.path === `/downloads/show/${showUuid}`)[pages.length]!;
    expect(resumed.query.continuationToken).toBe(refused.query.continuationToken);
    expect(resumed.query.continuationToken).toBeDefined();
    expect(await storedDays(t, created.id)).toEqual(counts);
    expect((await sourcesOf(owner.agent, podcast.id))[0]).toMatchObject({ status: 'ok', message: null });
  });

  it('stops asking with a token OP3 no longer accepts, and says so; a refresh tries again', async () => {
    const showUuid = 'f'.repeat(32);
    addShow(t, fake, showUuid, 'https://feeds.example.org/widerrufen.xml', 5);
    const { owner, podcast } = await podcastWithFeed(t, 'https://feeds.example.org/widerrufen.xml');
    const { id } = json<{ data: { id: number } }>(await connect(owner.agent, podcast.id)).data;
    await t.jobs.audience.idle();
    const box = await serverTokenBox(t.db);
    await t.db
      .updateTable('audience_sources')
      .set({ token_secret: box.seal('widerrufenes-token-zz', podcast.id) })
      .where('id', '=', id)
      .execute();
    const refreshed = await owner.agent.post(`/api/podcasts/${podcast.id}/audience-sources/${id}:refresh`);
    expect(refreshed.statusCode).toBe(200);
    expect(json<{ data: unknown }>(refreshed).data).toMatchObject({
      status: 'error',
      message: audienceMessages.tokenInvalid,
    });
    const row = await t.db
      .selectFrom('audience_sources')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.next_fetch_at).toBeNull();
    fake.fail('500', { times: 1, path: `/downloads/show/${showUuid}` });
    await t.db
      .updateTable('audience_sources')
      .set({ token_secret: box.seal(FAKE_OP3_TOKEN, podcast.id) })
      .where('id', '=', id)
      .execute();
    const outage = json<{ data: unknown }>(
      await owner.agent.post(`/api/podcasts/${podcast.id}/audience-sources/${id}:refresh`),
    );
    expect(outage.data).toMatchObject({ status: 'error', message: audienceMessages.unreachable });
    const ok = json<{ data: unknown }>(
      await owner.agent.post(`/api/podcasts/${podcast.id}/audience-sources/${id}:refresh`),
    );
    expect(ok.data).toMatchObject({ status: 'ok', message: null });
  });
});
