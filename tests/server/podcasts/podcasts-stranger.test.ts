// Another user's podcast: 404 on every call, none of its data, nothing changed, nothing through an inactive membership.
import { describe, expect, it } from 'vitest';
import { json } from '../helpers/agent.ts';
import { PASSWORD, verifiedUser } from '../helpers/accounts.ts';
import { appWithCategories, addMember, createPodcast, form, type One } from './podcast-helpers.ts';

const t = await appWithCategories();

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
