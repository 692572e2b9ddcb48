// POST /api/podcasts and GET/PUT /api/podcasts/{id}: the form's fields, categories, addresses, empty optional fields, unconfirmed users.
import { describe, expect, it } from 'vitest';
import { json } from '../helpers/agent.ts';
import { register, verifiedUser } from '../helpers/accounts.ts';
import { appWithCategories, createPodcast, form, type One } from './podcast-helpers.ts';

const t = await appWithCategories();

describe('POST /api/podcasts', () => {
  it('creates the podcast with the caller as its owner and answers every §3 field', async () => {
    const owner = await verifiedUser(t);
    const response = await owner.agent.post('/api/podcasts', form());
    expect(response.statusCode).toBe(201);
    const podcast = json<One>(response).data;
    expect(podcast).toMatchObject({
      title: 'Zeitreise',
      name: 'Zeitreise – der Geschichtspodcast',
      author: 'Anna Beispiel',
      category_id: [901, 902],
      image: null,
      rss_uri: 'https://feeds.example.org/zeitreise.xml',
      web_uri: 'https://zeitreise.example.org',
      oldest_episode: null,
      num_episodes: 0,
      num_memberships: 1,
      num_experiments: 0,
      active: true,
      only_trial: true,
      trial: { trial_days: 30, days_passed: 0, days_left: 30 },
      own_podcast: true,
      role: { key: 'owner', trans: 'Inhaber*in' },
      traceable: [],
      milestones: {},
      setup: false,
      completed: false,
      setup_objective: false,
      setup_stage: false,
      setup_strategy: false,
      setup_metrics: false,
      setup_milestones: false,
      setup_coworkers: false,
    });
    const membership = await t.db
      .selectFrom('memberships')
      .selectAll()
      .where('podcast_id', '=', podcast.id)
      .execute();
    expect(membership).toMatchObject([{ user_id: owner.id, role: 'owner', active: 1 }]);
    const account = json<{ data: { owned_podcasts: number } }>(await owner.agent.get('/api/account'));
    expect(account.data.owned_podcasts).toBe(1);
  });

  it('wants exactly two different, existing categories', async () => {
    const { agent } = await verifiedUser(t);
    const cases: [unknown, string][] = [
      [[901], 'Bitte wähle genau zwei Kategorien.'],
      [[901, 902, 903], 'Bitte wähle genau zwei Kategorien.'],
      [[901, 901], 'Bitte wähle zwei verschiedene Kategorien.'],
      [[901, 999], 'Diese Kategorie gibt es nicht.'],
      [undefined, 'Bitte wähle zwei Kategorien.'],
    ];
    for (const [category_id, message] of cases) {
      const response = await agent.post('/api/podcasts', form({ title: 'Kategorienlos', category_id }));
      expect(response.statusCode, JSON.stringify(category_id)).toBe(422);
      expect(json(response).errors?.category_id).toEqual([message]);
    }
    expect(
      await t.db.selectFrom('podcasts').select('id').where('title', '=', 'Kategorienlos').execute(),
    ).toEqual([]);
  });

  it('wants a title and web addresses that are http or https', async () => {
    const { agent } = await verifiedUser(t);
    const response = await agent.post('/api/podcasts', form({ title: '  ', web_uri: 'javascript:alert(1)' }));
    expect(response.statusCode).toBe(422);
    expect(json(response).errors).toEqual({
      title: ['Bitte gib den Titel deines Podcasts ein.'],
      web_uri: ['Bitte gib eine gültige Adresse (Website) ein.'],
    });
  });

  it('is not for users who have not confirmed their address', async () => {
    const { agent } = await register(t);
    const response = await agent.post('/api/podcasts', form());
    expect(response.statusCode).toBe(403);
    expect(json(response).message).toBe('Bitte bestätige zuerst deine E-Mail-Adresse.');
  });
});

describe('GET and PUT /api/podcasts/{id}', () => {
  it('reads and updates the podcast form', async () => {
    const { agent } = await verifiedUser(t);
    const podcast = await createPodcast(agent);
    expect(json<One>(await agent.get(`/api/podcasts/${podcast.id}`)).data).toEqual(podcast);
    const response = await agent.put(
      `/api/podcasts/${podcast.id}`,
      form({ title: 'Zeitreise 2', name: '', category_id: [903, 901], rss_uri: '' }),
    );
    expect(response.statusCode).toBe(200);
    expect(json<One>(response).data).toMatchObject({
      title: 'Zeitreise 2',
      name: null,
      category_id: [903, 901],
      rss_uri: null,
    });
    expect(json<One>(await agent.get(`/api/podcasts/${podcast.id}`)).data.title).toBe('Zeitreise 2');
  });

  it("takes null for an empty optional field, as the form's own output sends it", async () => {
    const { agent } = await verifiedUser(t);
    const podcast = await createPodcast(agent);
    const response = await agent.put(
      `/api/podcasts/${podcast.id}`,
      form({ title: 'Zeitreise', name: null, author: null, rss_uri: null, web_uri: null }),
    );
    expect(response.statusCode).toBe(200);
    expect(json<One>(response).data).toMatchObject({
      name: null,
      author: null,
      rss_uri: null,
      web_uri: null,
    });
  });
});
