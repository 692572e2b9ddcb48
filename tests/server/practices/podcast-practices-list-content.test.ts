// What the methods list shows: each method as its own answer, a method written directly, an edit in /nova.
import { describe, expect, it } from 'vitest';
import { berlinDate } from '../../../src/shared/calendar.ts';
import type { PodcastPractice } from '../../../src/shared/podcast-practices.ts';
import { budget, timeEffort } from '../../../src/shared/vocabulary.ts';
import { json } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { ids, practicesApp } from './practice-helpers.ts';

const { t, agent, list, TOTAL, pro, basic } = await practicesApp();

describe('GET /api/podcasts/{id}/practices', () => {
  it('lists each method as its own answer shows it: texts, keywords, flags, score and reasons', async () => {
    // The list and the method route join rendered parts (practice-cards.ts); ?context serializes anew.
    for (const podcast of [pro, basic]) {
      const first = await list(podcast, podcast === pro ? '?order=advice' : '?order=latest');
      const [a, b] = ids(first);
      await agent.post(`/api/podcasts/${podcast}/bookmarks`, { practice_id: a });
      await agent.post(`/api/podcasts/${podcast}/applications`, { practice_id: b });
      for (const order of podcast === pro ? ['advice', 'latest', 'money'] : ['latest', 'effort']) {
        const pages = await Promise.all(
          [
            `?order=${order}&page=2`,
            `?order=${order}&status=bookmarked`,
            `?order=${order}&status=applied`,
          ].map((query) => list(podcast, query)),
        );
        for (const practice of pages.flatMap((page) => page.data)) {
          // Its own answer in the podcast's context, serialized anew, and the method route.
          const own = json<{ data: PodcastPractice }>(
            await agent.get(`/api/practices/${practice.id}?context=${podcast}`),
          );
          expect(practice).toEqual(own.data);
          const detail = await agent.get(`/api/podcasts/${podcast}/practices/${practice.id}`);
          expect(json<{ data: PodcastPractice }>(detail).data).toEqual(own.data);
        }
      }
      const flagged = (await list(podcast, '?status=bookmarked')).data;
      expect(flagged.map((p) => [p.id, p.bookmarked])).toEqual([[a, true]]);
      const applied = (await list(podcast, '?status=applied')).data;
      expect(applied.map((p) => [p.id, p.applied, p.applied_on])).toEqual([
        [b, true, berlinDate(t.clock.now())],
      ]);
      await agent.delete(`/api/podcasts/${podcast}/bookmarks`, { practice_id: a });
      await agent.delete(`/api/podcasts/${podcast}/applications`, { practice_id: b });
    }
  });

  it('lists a method written without a seed or an edit at once', async () => {
    const at = '2999-01-01T00:00:00.000Z'; // newer than every seeded method
    await t.db
      .insertInto('practices')
      .values({
        id: 9001,
        title: 'Direkt geschriebene Methode',
        claim: 'Ohne Seed',
        teaser: 'Steht sofort in der Liste.',
        emoji: '1f4dd',
        area: 'growth',
        duration_days: 7,
        description: '# Direkt',
        created_at: at,
        updated_at: at,
      })
      .execute();
    try {
      const page = await list(basic, '?order=latest');
      expect(page.meta.total).toBe(TOTAL + 1);
      expect(page.data[0]).toMatchObject({ id: 9001, title: 'Direkt geschriebene Methode', keywords: [] });
    } finally {
      await t.db.deleteFrom('practices').where('id', '=', 9001).execute();
    }
    expect((await list(basic, '?order=latest')).meta.total).toBe(TOTAL);
  });

  it('follows an edit in /nova at once: the money and effort orders put an edited method in its new place', async () => {
    // latest, money and effort are kept per content version (contentOrder): read them before the edit.
    const admin = await verifiedUser(t);
    await t.db.updateTable('users').set({ role: 'editor' }).where('id', '=', admin.id).execute();
    const cheapest = ids(await list(basic, '?order=money'))[0]!;
    const quickest = ids(await list(basic, '?order=effort'))[0]!;
    const edit = async (
      id: number,
      change: (context: Record<string, unknown>) => Record<string, unknown>,
    ) => {
      const { data } = json<{ data: Record<string, unknown> & { context: Record<string, unknown> } }>(
        await admin.agent.get(`/api/nova/practices/${id}`),
      );
      const { id: _id, edited_at: _e, all_keywords: _k, ...form } = data;
      const saved = await admin.agent.put(`/api/nova/practices/${id}`, {
        ...form,
        context: change(data.context),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      return data.context;
    };
    const dearest = { investment: budget.keys.at(-1), commitment: timeEffort.keys.at(-1) };
    const money = await edit(cheapest, (c) => ({ ...c, ...dearest }));
    const effort = quickest === cheapest ? money : await edit(quickest, (c) => ({ ...c, ...dearest }));
    try {
      for (const [order, moved] of [
        ['money', cheapest],
        ['effort', quickest],
      ] as const) {
        expect(ids(await list(basic, `?order=${order}`))).not.toContain(moved);
        const whole = ids(await list(basic, `?order=${order}&records=1000`));
        const full = ids(await list(basic, `?order=${order}&status=open&records=1000`));
        expect(whole).toEqual(full);
        // Among the dearest and slowest, by id: after every method that is cheaper or quicker.
        const place = whole.indexOf(moved);
        expect(place).toBeGreaterThan(whole.length / 2);
        const paged: number[] = [];
        for (let n = 1; n <= Math.ceil(TOTAL / 12); n++)
          paged.push(...ids(await list(basic, `?order=${order}&page=${n}`)));
        expect(paged).toEqual(whole);
      }
    } finally {
      await edit(cheapest, () => money);
      if (quickest !== cheapest) await edit(quickest, () => effort);
    }
    expect(ids(await list(basic, '?order=money'))[0]).toBe(cheapest);
  });
});
