// POST /api/podcasts, GET/PUT/DELETE /api/podcasts/{id}, the context, and what a stranger sees.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Podcast } from '../../../src/shared/podcasts.ts';
import { json } from '../helpers/agent.ts';
import { PASSWORD, register, verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { selectedVersions } from '../../../src/server/access/change-counts.ts';
import { addCategories, addMember, createPodcast, form } from './podcast-helpers.ts';

const t = await createTestApp();
beforeAll(() => addCategories(t));

type One = { data: Podcast };

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

describe('another user’s podcast', () => {
  it('answers 404 to every call, shows none of its data and changes nothing', async () => {
    const owner = await verifiedUser(t);
    const stranger = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent, { title: 'Geheimprojekt' });
    const base = `/api/podcasts/${podcast.id}`;
    const calls: [string, string, unknown?][] = [
      ['GET', base],
      ['PUT', base, form({ title: 'Gekapert' })],
      ['DELETE', base, { password: PASSWORD }],
      ['POST', `${base}:complete`],
      ['GET', `${base}/episodes`],
      ['GET', `${base}/objective`],
      ['PUT', `${base}/objective`, {}],
      ['GET', `${base}/stage`],
      ['PUT', `${base}/stage`, { commitment: '1_hour', expansion: 'lt_1k', investment: 'none' }],
      ['GET', `${base}/strategy`],
      ['PUT', `${base}/strategy`, { subject: 'Gekapert' }],
      ['POST', `${base}/milestones:batch`, { milestones: { coverage: 'Gekapert' } }],
      ['GET', `${base}/metrics`],
      ['POST', `${base}/metrics`, { throughput: 1 }],
      ['GET', `${base}/settings`],
      ['POST', `${base}/settings`, { key: 'present_widget_closed', value: '1' }],
      ['POST', `/api/account/context/${podcast.id}`],
    ];
    for (const [method, url, body] of calls) {
      const response = await stranger.agent.request(method as 'GET', url, body as never);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(json(response), `${method} ${url}`).toEqual({
        message: 'Diesen Podcast gibt es nicht.',
        errors: {},
      });
      expect(response.body).not.toContain('Geheimprojekt');
    }
    // Same answer as for an id that does not exist.
    expect(json(await stranger.agent.get('/api/podcasts/999999'))).toEqual({
      message: 'Diesen Podcast gibt es nicht.',
      errors: {},
    });
    expect(json<One>(await owner.agent.get(base)).data).toEqual(podcast);
    expect(await t.db.selectFrom('podcast_settings').selectAll().execute()).toEqual([]);
    expect(
      await t.db.selectFrom('user_contexts').selectAll().where('user_id', '=', stranger.id).execute(),
    ).toEqual([]);
    expect(json<{ data: unknown[] }>(await stranger.agent.get('/api/account/podcasts')).data).toEqual([]);
  });

  it('grants nothing through an inactive membership', async () => {
    const owner = await verifiedUser(t);
    const former = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    await addMember(t, podcast.id, former.id, 'manager', 0);
    for (const [method, url, body] of [
      ['GET', `/api/podcasts/${podcast.id}`],
      [
        'PUT',
        `/api/podcasts/${podcast.id}/stage`,
        { commitment: '1_hour', expansion: 'lt_1k', investment: 'none' },
      ],
      ['POST', `/api/account/context/${podcast.id}`],
    ] as const) {
      const response = await former.agent.request(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(json<{ data: null }>(await former.agent.get('/api/account/context')).data).toBeNull();
    expect(await t.db.selectFrom('podcast_stages').selectAll().execute()).toEqual([]);
  });
});

describe('DELETE /api/podcasts/{id}', () => {
  it('needs the right password, then takes the podcast and everything of it', async () => {
    const owner = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    await owner.agent.post(`/api/podcasts/${podcast.id}/metrics`, { coverage: 120 });
    await owner.agent.post(`/api/account/context/${podcast.id}`);

    const missing = await owner.agent.delete(`/api/podcasts/${podcast.id}`, {});
    expect(missing.statusCode).toBe(422);
    expect(json(missing).errors).toEqual({ password: ['Bitte gib dein aktuelles Passwort ein.'] });
    const wrong = await owner.agent.delete(`/api/podcasts/${podcast.id}`, { password: 'falsches-passwort' });
    expect(wrong.statusCode).toBe(422);
    expect(json(wrong).errors).toEqual({ password: ['Das Passwort ist nicht korrekt.'] });
    expect(json<One>(await owner.agent.get(`/api/podcasts/${podcast.id}`)).data.id).toBe(podcast.id);

    const response = await owner.agent.delete(`/api/podcasts/${podcast.id}`, { password: PASSWORD });
    expect(response.statusCode).toBe(204);
    expect((await owner.agent.get(`/api/podcasts/${podcast.id}`)).statusCode).toBe(404);
    for (const table of ['podcast_metrics', 'memberships', 'user_contexts'] as const) {
      const rows = await t.db.selectFrom(table).selectAll().where('podcast_id', '=', podcast.id).execute();
      expect(rows, table).toEqual([]);
    }
    expect(json<{ data: null }>(await owner.agent.get('/api/account/context')).data).toBeNull();
  });

  it('is throttled like every password check: the sixth wrong try in a minute answers 429', async () => {
    const owner = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    for (let i = 0; i < 5; i++) {
      expect(
        (await owner.agent.delete(`/api/podcasts/${podcast.id}`, { password: 'falsch-falsch' })).statusCode,
      ).toBe(422);
    }
    expect((await owner.agent.delete(`/api/podcasts/${podcast.id}`, { password: PASSWORD })).statusCode).toBe(
      429,
    );
    expect(json<One>(await owner.agent.get(`/api/podcasts/${podcast.id}`)).data.id).toBe(podcast.id);
  });

  it('goes with the owner’s account, also when coworkers work on it', async () => {
    const owner = await verifiedUser(t);
    const coworker = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    await addMember(t, podcast.id, coworker.id, 'editor');
    expect((await owner.agent.delete('/api/account', { password: PASSWORD })).statusCode).toBe(204);
    expect((await coworker.agent.get(`/api/podcasts/${podcast.id}`)).statusCode).toBe(404);
    expect(await t.db.selectFrom('podcasts').select('id').where('id', '=', podcast.id).execute()).toEqual([]);
  });
});

describe('GET and POST /api/account/context', () => {
  it('falls back to the first selectable podcast, then keeps the one the user selects', async () => {
    const { agent, email } = await verifiedUser(t);
    expect(json<{ data: null }>(await agent.get('/api/account/context'))).toEqual({ data: null });
    const b = await createPodcast(agent, { title: 'Beta' });
    const a = await createPodcast(agent, { title: 'Alpha' });
    expect(json<One>(await agent.get('/api/account/context')).data.id).toBe(a.id);
    const selected = await agent.post(`/api/account/context/${b.id}`);
    expect(selected.statusCode).toBe(200);
    expect(json<One>(selected).data.title).toBe('Beta');
    expect(json<One>(await agent.get('/api/account/context')).data.id).toBe(b.id);
    // The choice lives on the server: a second device of the same user sees it.
    const other = t.agent();
    await other.csrf();
    expect((await other.post('/api/account/session', { email, password: PASSWORD })).statusCode).toBe(200);
    expect(json<One>(await other.get('/api/account/context')).data.id).toBe(b.id);
  });

  it('moves to a podcast that sorts first once the user joins it, though nothing of the shown one changed', async () => {
    const { agent, id: userId } = await verifiedUser(t);
    const beta = await createPodcast(agent, { title: 'Beta' });
    const context = async () => json<One>(await agent.get('/api/account/context')).data.id;
    // Asked twice: the second answer is the kept one (and its access row too).
    expect([await context(), await context()]).toEqual([beta.id, beta.id]);
    const owner = await verifiedUser(t);
    const alpha = await createPodcast(owner.agent, { title: 'Alpha' });
    await addMember(t, alpha.id, userId, 'editor');
    expect(await context()).toBe(alpha.id);
  });

  it('keeps the selected podcast’s access row only while it is still the one selected (PostgreSQL’s check)', async () => {
    const { agent, id: userId } = await verifiedUser(t);
    const beta = await createPodcast(agent, { title: 'Beta' });
    const { id: sessionId } = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const versions = selectedVersions(t.db);
    expect(await versions.current(sessionId, beta.id)).toEqual(expect.any(String));
    // A row kept of another podcast is never current, whatever that podcast's counts.
    expect(await versions.current(sessionId, beta.id + 1)).toBeUndefined();
    expect(await versions.current('no-such-session', beta.id)).toBeUndefined();
  });

  it('falls back when the selected podcast is no longer the user’s: deactivated there, the next one', async () => {
    const { agent, id: userId } = await verifiedUser(t);
    const mine = await createPodcast(agent, { title: 'Zweiter Podcast' });
    const owner = await verifiedUser(t);
    const team = await createPodcast(owner.agent, { title: 'Erster Podcast' });
    await addMember(t, team.id, userId, 'editor');
    expect((await agent.post(`/api/account/context/${team.id}`)).statusCode).toBe(200);
    expect(json<One>(await agent.get('/api/account/context')).data.id).toBe(team.id);
    await t.db
      .updateTable('memberships')
      .set({ active: 0 })
      .where('podcast_id', '=', team.id)
      .where('user_id', '=', userId)
      .execute();
    const context = json<One>(await agent.get('/api/account/context')).data;
    expect(context).toMatchObject({ id: mine.id, title: 'Zweiter Podcast' });
  });
});
