// POST /api/podcasts/{id}:refresh: new and changed episodes without duplicates, the team's edits kept, a late cover, feed errors, roles.
import { describe, expect, it } from 'vitest';
import type { Podcast } from '../../../src/shared/podcasts.ts';
import { fetchMessages } from '../../../src/server/feeds/safe-fetch.ts';
import { refreshMessages } from '../../../src/server/podcasts/feed-routes.ts';
import { json } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { addMember, createPodcast } from '../podcasts/podcast-helpers.ts';
import { generatedFeed } from '../../support/generated-feed.ts';
import { feedsApp, type Page } from './feeds-app.ts';

const { server, t, decoy, importFeed } = await feedsApp();
// The feed a podcast made without an import refreshes from (the import suite serves it too).
server.fixture('/narro.rss', 'narro.rss');

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
