// POST /api/podcasts:import and POST /api/podcasts/{id}:refresh through the API, with feeds from a
// loopback server (FEED_ALLOWED_HOSTS=127.0.0.1:<its port>) and decoys on addresses that must be refused.
import { describe, expect, it } from 'vitest';
import type { Podcast } from '../../../src/shared/podcasts.ts';
import { fetchMessages } from '../../../src/server/feeds/safe-fetch.ts';
import { feedMessages } from '../../../src/server/feeds/parse-feed.ts';
import { refreshMessages } from '../../../src/server/podcasts/feed-routes.ts';
import { json } from '../helpers/agent.ts';
import { PASSWORD, register, verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addMember, createPodcast } from '../podcasts/podcast-helpers.ts';
import { generatedFeed } from '../../support/generated-feed.ts';
import { startDecoy, startFeedServer } from './feed-server.ts';

const MAX_BYTES = 3 * 1024 * 1024;
const TIMEOUT_MS = 3000;
const server = await startFeedServer();
const t = await createTestApp({
  seed: true,
  config: {
    feeds: {
      allowedHosts: [new URL(server.origin).host],
      onlyAllowedHosts: false,
      maxBytes: MAX_BYTES,
      timeoutMs: TIMEOUT_MS,
    },
  },
});
const decoy = await startDecoy('127.0.0.2');

type Page = {
  data: { id: number; title: string; web_uri: string | null; published_at: string | null }[];
  meta: { total: number; from: number | null; to: number | null; last_page: number };
};

const importFeed = (agent: Awaited<ReturnType<typeof verifiedUser>>['agent'], path: string, name?: string) =>
  agent.post('/api/podcasts:import', { rss_uri: path.startsWith('http') ? path : server.url(path), name });

const podcastCount = () => t.count('podcasts');

/** The import fails with `message` on rss_uri and leaves no podcast behind. */
async function expectRefusedImport(url: string, message: string) {
  const { agent } = await verifiedUser(t);
  const before = await podcastCount();
  const response = await importFeed(agent, url);
  expect(response.statusCode, response.body).toBe(422);
  expect(json(response)).toEqual({ message, errors: { rss_uri: [message] } });
  expect(await podcastCount()).toBe(before);
}

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

  describe('refused addresses (no podcast, the decoy never reached)', () => {
    it('127.0.0.2 (loopback, not on the allow list)', async () => {
      await expectRefusedImport(decoy.url(), fetchMessages.refused);
    });

    it('[::1]', async () => {
      const decoy6 = await startDecoy('::1');
      await expectRefusedImport(decoy6.url(), fetchMessages.refused);
      expect(decoy6.hits).toBe(0);
    });

    it('a redirect from the allowed server to 127.0.0.2', async () => {
      server.redirect('/umzug.rss', decoy.url(), 301);
      await expectRefusedImport(server.url('/umzug.rss'), fetchMessages.refused);
    });

    it('file:// and ftp:// (the form asks for http(s), the fetch refuses them anyway)', async () => {
      const { agent } = await verifiedUser(t);
      for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/']) {
        const response = await importFeed(agent, url);
        expect(response.statusCode).toBe(422);
        expect(json(response).errors).toHaveProperty('rss_uri');
      }
      server.redirect('/zu-datei.rss', 'file:///etc/passwd');
      await expectRefusedImport(server.url('/zu-datei.rss'), fetchMessages.scheme);
    });
  });

  it('refuses a feed above the size limit, streamed without a length', async () => {
    server.route('/riesig.rss', (_req, res) => {
      res.setHeader('content-type', 'application/rss+xml');
      const item = Buffer.from(`<item><title>${'x'.repeat(1000)}</title></item>\n`);
      res.write('<rss version="2.0"><channel><title>Riesig</title>');
      let sent = 0;
      const pump = () => {
        while (sent < 2 * MAX_BYTES && res.write(item)) sent += item.length;
        if (sent < 2 * MAX_BYTES) res.once('drain', pump);
        else res.end('</channel></rss>');
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
    });
    await expectRefusedImport(server.url('/riesig.rss'), fetchMessages.tooLarge(MAX_BYTES));
  });

  it('refuses malformed XML', async () => {
    server.feed('/kaputt.rss', '<rss version="2.0"><channel><title>Kaputt</title><item></channel>');
    await expectRefusedImport(server.url('/kaputt.rss'), feedMessages.invalidXml);
  });

  it('refuses a server that sends headers and then stalls', async () => {
    server.route('/langsam.rss', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.write('<rss version="2.0"><channel>');
    });
    await expectRefusedImport(server.url('/langsam.rss'), fetchMessages.timeout(TIMEOUT_MS));
  });

  it(
    'refuses a complete feed that then trickles on with the time limit, and imports nothing',
    { timeout: 30_000 },
    async () => {
      server.route('/tropfend.rss', (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/rss+xml' });
        res.write('<rss version="2.0"><channel><title>Tropfen</title></channel></rss>');
        const timer = setInterval(() => res.write(' '), 50);
        res.on('close', () => clearInterval(timer));
      });
      await expectRefusedImport(server.url('/tropfend.rss'), fetchMessages.timeout(TIMEOUT_MS));
    },
  );

  it('refuses an entity bomb at once, without expanding it', async () => {
    const lol = (n: number) => `&lol${n};`.repeat(10);
    const entities = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${lol(i)}">`).join('');
    server.feed(
      '/bombe.rss',
      `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY lol0 "lol">${entities}]><rss version="2.0"><channel><title>&lol9;</title></channel></rss>`,
    );
    await expectRefusedImport(server.url('/bombe.rss'), feedMessages.entities);
  });

  it('refuses Atom with its own message, a 404 of an allowed loopback server as unreachable', async () => {
    server.feed('/atom.xml', '<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title></feed>');
    await expectRefusedImport(server.url('/atom.xml'), feedMessages.atom);
    // An address only the allow list opens tells no HTTP status (src/server/feeds/safe-fetch.ts).
    await expectRefusedImport(server.url('/gibt-es-nicht.rss'), fetchMessages.unreachable);
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

  it('is refused to a user who has not confirmed the address, like every studio route', async () => {
    const { agent } = await register(t);
    const before = server.hits;
    server.fixture('/narro2.rss', 'narro.rss');
    const response = await importFeed(agent, '/narro2.rss');
    expect(response.statusCode).toBe(403);
    expect(server.hits).toBe(before);
  });

  it('the decoy on 127.0.0.2 was never reached', () => {
    expect(decoy.hits).toBe(0);
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

describe('POST /api/podcasts/{id}:refresh', () => {
  it('adds only the new episodes and updates changed ones, without duplicates', async () => {
    let count = 20;
    server.feed('/wachsend.rss', () => generatedFeed(count, { title: 'Wachsend' }));
    const { agent } = await verifiedUser(t);
    const podcast = json<{ data: Podcast }>(await importFeed(agent, '/wachsend.rss')).data;
    expect(podcast.num_episodes).toBe(20);

    const again = await agent.post(`/api/podcasts/${podcast.id}:refresh`);
    expect(again.statusCode, again.body).toBe(200);
    expect(json<{ data: Podcast }>(again).data.num_episodes).toBe(20);

    count = 23;
    const grown = await agent.post(`/api/podcasts/${podcast.id}:refresh`);
    expect(grown.statusCode, grown.body).toBe(200);
    expect(json<{ data: Podcast }>(grown).data).toMatchObject({
      num_episodes: 23,
      oldest_episode: '2020-01-02',
    });
    const page = json<Page>(await agent.get(`/api/podcasts/${podcast.id}/episodes`));
    expect(page.data.slice(0, 4).map((e) => e.title)).toEqual([
      'Folge 23 & mehr',
      'Folge 22 & mehr',
      'Folge 21 & mehr',
      'Folge 20 & mehr',
    ]);
    const guids = await t.db
      .selectFrom('episodes')
      .select('guid')
      .where('podcast_id', '=', podcast.id)
      .execute();
    expect(new Set(guids.map((g) => g.guid)).size).toBe(23);
  });

  it('fills only empty fields: what the team edited stays', async () => {
    server.fixture('/bay2.rss', 'item-itunes-episodeType.rss');
    const { agent } = await verifiedUser(t);
    const podcast = json<{ data: Podcast }>(await importFeed(agent, '/bay2.rss')).data;
    const edited = await agent.put(`/api/podcasts/${podcast.id}`, {
      title: 'Mein Titel',
      author: 'Wir',
      category_id: [1, 2],
      rss_uri: podcast.rss_uri,
      web_uri: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const refreshed = json<{ data: Podcast }>(await agent.post(`/api/podcasts/${podcast.id}:refresh`)).data;
    expect(refreshed).toMatchObject({
      title: 'Mein Titel',
      author: 'Wir',
      category_id: [1, 2],
      web_uri: 'https://baywatch-berlin.podigee.io/', // was emptied: filled again
      image: podcast.image,
    });
  });

  it('fetches a cover on refresh when the podcast has none yet', async () => {
    const { agent } = await verifiedUser(t);
    const podcast = await createPodcast(agent, { rss_uri: server.url('/narro.rss'), category_id: [1, 2] });
    expect(podcast.image).toBeNull();
    const refreshed = json<{ data: Podcast }>(await agent.post(`/api/podcasts/${podcast.id}:refresh`)).data;
    expect(refreshed.image?.image_uri).toMatch(/^\/api\/images\//);
    expect(refreshed).toMatchObject({ num_episodes: 1, author: 'Anna Beispiel' });
  });

  it('says when the podcast has no feed, and passes on feed errors', async () => {
    const { agent } = await verifiedUser(t);
    const podcast = await createPodcast(agent, { rss_uri: '', category_id: [1, 2] });
    const response = await agent.post(`/api/podcasts/${podcast.id}:refresh`);
    expect(response.statusCode).toBe(422);
    expect(json(response).errors).toEqual({ rss_uri: [refreshMessages.noFeed] });

    await agent.put(`/api/podcasts/${podcast.id}`, {
      title: 'Umgezogen',
      category_id: [1, 2],
      rss_uri: decoy.url(),
    });
    const refused = await agent.post(`/api/podcasts/${podcast.id}:refresh`);
    expect(refused.statusCode).toBe(422);
    expect(json(refused).errors).toEqual({ rss_uri: [fetchMessages.refused] });
    expect(decoy.hits).toBe(0);
  });

  it('is refused to an observer (403) and to a non-member (404), and allowed to an editor', async () => {
    server.fixture('/narro3.rss', 'narro.rss');
    const owner = await verifiedUser(t);
    const podcast = json<{ data: Podcast }>(await importFeed(owner.agent, '/narro3.rss')).data;
    const observer = await verifiedUser(t);
    const editor = await verifiedUser(t);
    const stranger = await verifiedUser(t);
    await addMember(t, podcast.id, observer.id, 'observer');
    await addMember(t, podcast.id, editor.id, 'editor');

    const before = server.hits;
    expect((await observer.agent.post(`/api/podcasts/${podcast.id}:refresh`)).statusCode).toBe(403);
    expect((await stranger.agent.post(`/api/podcasts/${podcast.id}:refresh`)).statusCode).toBe(404);
    expect(server.hits).toBe(before); // neither made the server fetch
    expect((await editor.agent.post(`/api/podcasts/${podcast.id}:refresh`)).statusCode).toBe(200);
  });
});
