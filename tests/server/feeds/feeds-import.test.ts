// POST /api/podcasts:import of feeds it takes: a real feed, German ones, missing covers and categories, 2,000 episodes, a given name; covers go with their podcast.
import { describe, expect, it } from 'vitest';
import type { Podcast } from '../../../src/shared/podcasts.ts';
import { feedMessages } from '../../../src/server/feeds/parse-feed.ts';
import { json } from '../helpers/agent.ts';
import { PASSWORD, verifiedUser } from '../helpers/accounts.ts';
import { generatedFeed } from '../../support/generated-feed.ts';
import { feedsApp, type Page } from './feeds-app.ts';

const { server, t, decoy, importFeed, expectRefusedImport } = await feedsApp();

describe('POST /api/podcasts:import', () => {
  it(
    'imports a real feed: title, author, website, cover, categories, episodes, owner and trial',
    { timeout: 60_000 },
    async () => {
      server.fixture('/giantbomb.rss', 'giantbomb-podcast.rss');
      const { agent } = await verifiedUser(t);
      const response = await importFeed(agent, '/giantbomb.rss', 'Bombcast');
      expect(response.statusCode, response.body).toBe(201);
      const podcast = json<{ data: Podcast }>(response).data;
      expect(podcast).toMatchObject({
        title: 'Giant Bombcast',
        name: 'Bombcast',
        author: 'Giant Bomb',
        web_uri: 'https://www.giantbomb.com',
        rss_uri: server.url('/giantbomb.rss'),
        category_id: [10, 17], // Games & Hobbies → Freizeit, Technology → Technologie
        num_episodes: 730,
        oldest_episode: '2008-02-18',
        own_podcast: true,
        role: { key: 'owner' },
        num_memberships: 1,
        only_trial: true,
        trial: { trial_days: 30, days_passed: 0, days_left: 30 },
      });
      // The cover went through the image pipeline and is served like a profile picture.
      expect(podcast.image?.image_uri).toMatch(/^\/api\/images\/[A-Za-z0-9_-]{22}$/);
      const image = await agent.get(podcast.image!.image_uri);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');

      // Episodes: newest first, 15 a page, dates in Berlin.
      const first = json<Page>(await agent.get(`/api/podcasts/${podcast.id}/episodes`));
      expect(first.meta).toMatchObject({ total: 730, from: 1, to: 15, last_page: 49 });
      // Tue, 01 Oct 2019 14:30 PST is 00:30 on 2 October in Berlin.
      expect(first.data[0]).toMatchObject({
        title: 'Giant Bombcast 603: Call of Tuesday',
        published_at: '2019-10-02',
      });
      const dates = first.data.map((e) => e.published_at!);
      expect([...dates].sort().reverse()).toEqual(dates);
      const last = json<Page>(await agent.get(`/api/podcasts/${podcast.id}/episodes?page=49`));
      expect(last.meta).toMatchObject({ from: 721, to: 730 });

      // The podcast is the user's: selectable, with the owner's membership.
      const mine = json<{ data: { id: number }[] }>(await agent.get('/api/account/podcasts')).data;
      expect(mine.map((p) => p.id)).toContain(podcast.id);
    },
  );

  it('imports a German feed with a single item and maps its categories', async () => {
    server.fixture('/baywatch.rss', 'item-itunes-episodeType.rss');
    const { agent } = await verifiedUser(t);
    const response = await importFeed(agent, '/baywatch.rss');
    expect(response.statusCode, response.body).toBe(201);
    expect(json<{ data: Podcast }>(response).data).toMatchObject({
      title: 'Baywatch Berlin',
      name: null,
      author: 'Klaas Heufer-Umlauf, Thomas Schmitt und Jakob Lundt',
      category_id: [3, 15], // Comedy, Society & Culture
      num_episodes: 1,
      oldest_episode: '2019-11-18',
    });
  });

  it('imports without a cover when the cover cannot be fetched', async () => {
    server.fixture('/taverncast.rss', 'itunes-category.rss'); // its cover answers 404
    const { agent } = await verifiedUser(t);
    const response = await importFeed(agent, '/taverncast.rss');
    expect(response.statusCode, response.body).toBe(201);
    expect(json<{ data: Podcast }>(response).data).toMatchObject({
      title: 'Taverncast - Happy Hour in Your Head - Since 2005',
      image: null,
      category_id: [15, 10],
      num_episodes: 1,
    });
  });

  it('imports without a cover when the cover sits on a refused address (never fetched)', async () => {
    server.feed('/fremdes-cover.rss', generatedFeed(3, { cover: decoy.url('/cover.png') }));
    const { agent } = await verifiedUser(t);
    const response = await importFeed(agent, '/fremdes-cover.rss');
    expect(response.statusCode, response.body).toBe(201);
    expect(json<{ data: Podcast }>(response).data).toMatchObject({ image: null, num_episodes: 3 });
    expect(decoy.hits).toBe(0);
  });

  it('leaves the categories empty when fewer than two map (the user picks them)', async () => {
    server.fixture('/narro.rss', 'narro.rss');
    const { agent } = await verifiedUser(t);
    const response = await importFeed(agent, '/narro.rss');
    expect(response.statusCode, response.body).toBe(201);
    expect(json<{ data: Podcast }>(response).data).toMatchObject({
      title: 'foobar on Narro',
      category_id: [],
    });
  });

  it('imports 2,000 episodes in one request', { timeout: 60_000 }, async () => {
    server.feed('/gross.rss', generatedFeed(2000, { padding: 1000 }));
    const { agent } = await verifiedUser(t);
    const response = await importFeed(agent, '/gross.rss');
    expect(response.statusCode, response.body).toBe(201);
    const podcast = json<{ data: Podcast }>(response).data;
    expect(podcast).toMatchObject({ num_episodes: 2000, oldest_episode: '2020-01-02', category_id: [17, 4] });
    const page = json<Page>(await agent.get(`/api/podcasts/${podcast.id}/episodes?page=2`));
    expect(page.data[0]).toMatchObject({ title: 'Folge 1985 & mehr' });
  });

  it('takes the given name as title when the feed has none', async () => {
    server.feed('/ohne-titel.rss', '<rss version="2.0"><channel><item><guid>1</guid></item></channel></rss>');
    const { agent } = await verifiedUser(t);
    const named = await importFeed(agent, '/ohne-titel.rss', 'Mein Podcast');
    expect(named.statusCode, named.body).toBe(201);
    expect(json<{ data: Podcast }>(named).data).toMatchObject({
      title: 'Mein Podcast',
      name: 'Mein Podcast',
    });
    await expectRefusedImport(server.url('/ohne-titel.rss'), feedMessages.noTitle);
  });
});

describe('covers', () => {
  it('go with their podcast, deleted alone or with the account', async () => {
    server.fixture('/narro-cover.rss', 'narro.rss');
    const { agent } = await verifiedUser(t);
    const imported = async () => json<{ data: Podcast }>(await importFeed(agent, '/narro-cover.rss')).data;
    const images = () => t.count('images');

    const first = await imported();
    const before = await images();
    expect((await agent.delete(`/api/podcasts/${first.id}`, { password: PASSWORD })).statusCode).toBe(204);
    expect(await images()).toBe(before - 1);
    expect((await agent.get(first.image!.image_uri)).statusCode).toBe(404);

    await imported();
    await imported();
    const withTwo = await images();
    expect((await agent.delete('/api/account', { password: PASSWORD })).statusCode).toBe(204);
    expect(await images()).toBe(withTwo - 2);
  });
});
