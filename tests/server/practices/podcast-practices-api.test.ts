// The methods of a podcast (issue 8): list filters, orders, pages; the Pro gate; flags with
// repeats; bookmarks, applications, estimations, similarities; ?context; roles and strangers.
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaginationMeta } from '../../../src/shared/api.ts';
import { berlinDate } from '../../../src/shared/calendar.ts';
import type {
  Application,
  Bookmark,
  Estimation,
  PodcastPractice,
  Similarity,
} from '../../../src/shared/podcast-practices.ts';
import { audienceSize, budget, timeEffort } from '../../../src/shared/vocabulary.ts';
import { json } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addCategories, addMember, createPodcast } from '../podcasts/podcast-helpers.ts';

const t = await createTestApp({ seed: true });
await addCategories(t);
const owner = await verifiedUser(t);
const observer = await verifiedUser(t);
const editor = await verifiedUser(t);
const stranger = await verifiedUser(t);
const agent = owner.agent;

type Page = { data: PodcastPractice[]; meta: PaginationMeta };
const list = async (podcastId: number, query = '', who = agent) => {
  const response = await who.get(`/api/podcasts/${podcastId}/practices${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<Page>(response);
};
const ids = (page: Page) => page.data.map((p) => p.id);

const contexts = new Map(
  (await t.db.selectFrom('practice_contexts').selectAll().execute()).map((c) => [c.practice_id, c]),
);
const keywordRows = await t.db.selectFrom('practice_keywords').selectAll().execute();
const TOTAL = Number(
  (
    await t.db
      .selectFrom('practices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
);
const rankOf = (keys: readonly string[], key: string | undefined) =>
  key === undefined ? keys.length : keys.indexOf(key);

let pro: number;
let basic: number;
beforeAll(async () => {
  pro = (await createPodcast(agent, { title: 'Pro-Podcast' })).id;
  basic = (await createPodcast(agent, { title: 'Basic-Podcast' })).id;
  // Past the 30-day trial: Basic.
  const old = new Date(t.clock.now().getTime() - 60 * 86_400_000).toISOString();
  await t.db.updateTable('podcasts').set({ created_at: old }).where('id', '=', basic).execute();
  await addMember(t, pro, observer.id, 'observer');
  await addMember(t, pro, editor.id, 'editor');
  await agent.put(`/api/podcasts/${pro}/objective`, {
    coverage: 'high',
    throughput: 'low',
    reputation: 'medium',
    interaction: 'none',
    monetization: 'none',
    expertise: 'none',
    referability: 'medium',
    enjoyment: 'low',
  });
});

describe('GET /api/podcasts/{id}/practices', () => {
  it('lists a Pro podcast best first by default, 12 a page, with meta', async () => {
    const page = await list(pro);
    expect(page.meta).toEqual({
      current_page: 1,
      last_page: Math.ceil(TOTAL / 12),
      from: 1,
      to: 12,
      per_page: 12,
      total: TOTAL,
    });
    const scores = page.data.map((p) => p.similarity!);
    expect(scores.every((s) => typeof s === 'number')).toBe(true);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(page.data[0]!.reasons!.length).toBeGreaterThanOrEqual(2);
    expect(ids(await list(pro, '?order=advice'))).toEqual(ids(page));
  });

  it('pages the advice order as the full order: each page of 12 is the same slice of the whole list', async () => {
    // Pages without filters come from the scores' index (advicePage), the whole list (records)
    // from the full query: they must agree, ties included (by method id).
    const whole = await list(pro, '?order=advice&records=1000');
    const paged: number[] = [];
    for (let n = 1; n <= Math.ceil(TOTAL / 12); n++) {
      const page = await list(pro, `?page=${n}`);
      expect(page.meta.total).toBe(TOTAL);
      paged.push(...ids(page));
    }
    expect(paged).toEqual(ids(whole));
  });

  it('pages: the second page continues, a page past the end is empty', async () => {
    const first = await list(pro, '?order=latest');
    const second = await list(pro, '?order=latest&page=2');
    expect(second.meta).toMatchObject({ current_page: 2, from: 13, to: 24 });
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
    const last = await list(pro, `?order=latest&page=${first.meta.last_page}`);
    expect(last.meta.to).toBe(TOTAL);
    const beyond = await list(pro, `?order=latest&page=${first.meta.last_page + 1}`);
    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toMatchObject({ from: null, to: null, total: TOTAL });
    expect((await agent.get(`/api/podcasts/${pro}/practices?page=0`)).statusCode).toBe(422);
  });

  it('orders by latest, money and effort', async () => {
    const all = async (order: string) => (await list(pro, `?order=${order}&records=1000`)).data;
    const latest = (await all('latest')).map((p) => p.id);
    expect(latest).toEqual([...latest].sort((a, b) => b - a)); // seeded together: newest id first
    const money = (await all('money')).map((p) => rankOf(budget.keys, contexts.get(p.id)?.investment));
    expect(money).toEqual([...money].sort((a, b) => a - b));
    const effort = (await all('effort')).map((p) => rankOf(timeEffort.keys, contexts.get(p.id)?.commitment));
    expect(effort).toEqual([...effort].sort((a, b) => a - b));
    expect((await agent.get(`/api/podcasts/${pro}/practices?order=random`)).statusCode).toBe(422);
  });

  it('pages latest, money and effort as the full query orders them, for Pro and Basic', async () => {
    // Pages without filters take their ids from a query of ids only (unfilteredPage); a filter
    // that every method passes (`status=open`, no flags yet) takes the full query's order.
    for (const podcast of [pro, basic]) {
      for (const order of ['latest', 'money', 'effort']) {
        for (let n = 1; n <= Math.ceil(TOTAL / 12); n++) {
          const page = await list(podcast, `?order=${order}&page=${n}`);
          const full = await list(podcast, `?order=${order}&status=open&page=${n}`);
          expect(page.meta).toEqual(full.meta);
          expect(page.data).toEqual(full.data);
        }
      }
    }
  });

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

  it('filters by keywords (any of them), commitment, investment, expansion and relevance', async () => {
    const [k1, k2] = [
      keywordRows[0]!.keyword,
      keywordRows.find((k) => k.keyword !== keywordRows[0]!.keyword)!.keyword,
    ];
    const withAny = new Set(
      keywordRows.filter((k) => k.keyword === k1 || k.keyword === k2).map((k) => k.practice_id),
    );
    const byKeywords = await list(pro, `?keywords=${k1},${k2}&records=1000`);
    expect(new Set(ids(byKeywords))).toEqual(withAny);
    expect(ids(await list(pro, `?keywords=${k1}&keywords=${k2}&records=1000`)).sort()).toEqual(
      ids(byKeywords).sort(),
    );

    const expectFilter = async (query: string, keep: (id: number) => boolean) => {
      const page = await list(pro, `${query}&records=1000`);
      const expected = [...contexts.keys()].filter(keep);
      expect(page.meta.total, query).toBe(expected.length);
      expect(new Set(ids(page)), query).toEqual(new Set(expected));
      expect(expected.length, query).toBeGreaterThan(0);
      expect(expected.length, query).toBeLessThan(TOTAL);
    };
    const within = (keys: readonly string[], max: string, value: string) =>
      keys.indexOf(value) <= keys.indexOf(max);
    await expectFilter('?commitment=1_hour', (id) =>
      within(timeEffort.keys, '1_hour', contexts.get(id)!.commitment),
    );
    await expectFilter('?investment=none', (id) => contexts.get(id)!.investment === 'none');
    await expectFilter('?expansion=pre_launch', (id) => contexts.get(id)!.expansion === 'pre_launch');
    await expectFilter('?expansion=lt_1k', (id) =>
      within(audienceSize.keys, 'lt_1k', contexts.get(id)!.expansion),
    );
    await expectFilter('?relevance=essential', (id) => contexts.get(id)!.relevance === 'essential');
    await expectFilter(
      '?relevance=optional&investment=lt_100',
      (id) =>
        contexts.get(id)!.relevance === 'optional' &&
        within(budget.keys, 'lt_100', contexts.get(id)!.investment),
    );
    for (const bad of [
      '?commitment=3_years',
      '?expansion=huge',
      '?investment=1',
      '?relevance=x',
      '?keywords=%3Cb%3E',
      '?status=x',
    ]) {
      expect((await agent.get(`/api/podcasts/${pro}/practices${bad}`)).statusCode, bad).toBe(422);
    }
    expect((await list(pro, '?keywords=gibt-es-nicht')).meta.total).toBe(0);
  });

  it('sorts every advice list by one ranking: filtered and paged, and bookmarked first (ties by id)', async () => {
    // The ranking is ordered at read (recommend.ts: Ranking); filtered lists sort their ids by it.
    const whole = (await list(pro, '?order=advice&records=1000')).data;
    const best = [...whole].sort((a, b) => b.similarity! - a.similarity! || a.id - b.id).map((p) => p.id);
    expect(whole.map((p) => p.id)).toEqual(best);
    expect(new Set(whole.map((p) => p.similarity)).size).toBeLessThan(TOTAL); // ties to break

    const essential = (id: number) => contexts.get(id)?.relevance === 'essential';
    const paged: number[] = [];
    for (let n = 1, last = 1; n <= last; n++) {
      const page = await list(pro, `?relevance=essential&page=${n}`);
      last = page.meta.last_page;
      expect(page.meta.total).toBe(best.filter(essential).length);
      paged.push(...ids(page));
    }
    expect(paged.length).toBeGreaterThan(12);
    expect(paged).toEqual(best.filter(essential));

    const marked = [best.at(-1)!, best[40]!];
    for (const id of marked) await agent.post(`/api/podcasts/${pro}/bookmarks`, { practice_id: id });
    const selector = ids(await list(pro, '?records=1000'));
    const first = best.filter((id) => marked.includes(id));
    expect(selector).toEqual([...first, ...best.filter((id) => !marked.includes(id))]);
    for (const id of marked) await agent.delete(`/api/podcasts/${pro}/bookmarks`, { practice_id: id });
  });

  it('records: up to 1000 in one page, bookmarked first', async () => {
    const [a, b] = [50, 60];
    await agent.post(`/api/podcasts/${pro}/bookmarks`, { practice_id: a });
    await agent.post(`/api/podcasts/${pro}/bookmarks`, { practice_id: b });
    const page = await list(pro, '?records=1000&order=latest');
    expect(page.data).toHaveLength(TOTAL);
    expect(page.meta).toMatchObject({ per_page: 1000, last_page: 1 });
    expect(ids(page).slice(0, 2)).toEqual([b, a]);
    expect((await agent.get(`/api/podcasts/${pro}/practices?records=1001`)).statusCode).toBe(422);
    await agent.delete(`/api/podcasts/${pro}/bookmarks`, { practice_id: a });
    await agent.delete(`/api/podcasts/${pro}/bookmarks`, { practice_id: b });
  });
});

describe('Basic podcast', () => {
  it('gets the list without similarity and reasons, ordered by effort, and no advice order', async () => {
    const page = await list(basic);
    expect(page.data.every((p) => p.similarity === null && p.score === null && p.reasons === null)).toBe(
      true,
    );
    expect(ids(page)).toEqual(ids(await list(basic, '?order=effort')));
    const advice = await agent.get(`/api/podcasts/${basic}/practices?order=advice`);
    expect(advice.statusCode).toBe(403);
    expect(json(advice).message).toMatch(/Studio Pro/);
    expect((await agent.get(`/api/podcasts/${basic}/estimations`)).statusCode).toBe(403);
    const one = json<{ data: PodcastPractice }>(await agent.get(`/api/podcasts/${basic}/practices/1`)).data;
    expect(one.similarity).toBeNull();
    const inContext = json<{ data: PodcastPractice }>(
      await agent.get(`/api/practices/1?context=${basic}`),
    ).data;
    expect(inContext.similarity).toBeNull();
    expect(inContext.reasons).toBeNull();
  });

  it('may still set flags', async () => {
    const response = await agent.post(`/api/podcasts/${basic}/bookmarks`, { practice_id: 3 });
    expect(response.statusCode).toBe(201);
    expect(json<{ data: Bookmark }>(response).data.practice).toMatchObject({
      id: 3,
      bookmarked: true,
      similarity: null,
    });
  });
});

describe('flags', () => {
  it('bookmarks: POST sets (201, then 200 on repeat), DELETE unsets (204, also on repeat)', async () => {
    const first = await agent.post(`/api/podcasts/${pro}/bookmarks`, { practice_id: 7 });
    expect(first.statusCode).toBe(201);
    const bookmark = json<{ data: Bookmark }>(first).data;
    expect(bookmark.practice).toMatchObject({ id: 7, bookmarked: true, applied: false, rejected: false });
    const again = await agent.post(`/api/podcasts/${pro}/bookmarks`, { practice_id: 7 });
    expect(again.statusCode).toBe(200);
    // The repeat answers as the first did (the method as its own answer shows it, score included).
    expect(json<{ data: Bookmark }>(again).data).toEqual(bookmark);
    expect(bookmark.practice).toEqual(
      json<{ data: PodcastPractice }>(await agent.get(`/api/podcasts/${pro}/practices/7`)).data,
    );
    const bookmarks = json<{ data: Bookmark[] }>(await agent.get(`/api/podcasts/${pro}/bookmarks`)).data;
    expect(bookmarks.map((b) => [b.id, b.practice.id])).toEqual([[bookmark.id, 7]]);
    expect((await list(pro, '?status=bookmarked')).data.map((p) => p.id)).toEqual([7]);

    expect((await agent.delete(`/api/podcasts/${pro}/bookmarks`, { practice_id: 7 })).statusCode).toBe(204);
    expect((await agent.delete(`/api/podcasts/${pro}/bookmarks`, { practice_id: 7 })).statusCode).toBe(204);
    expect(json<{ data: Bookmark[] }>(await agent.get(`/api/podcasts/${pro}/bookmarks`)).data).toEqual([]);
    const practice = json<{ data: PodcastPractice }>(
      await agent.get(`/api/podcasts/${pro}/practices/7`),
    ).data;
    expect(practice.bookmarked).toBe(false);
  });

  it('applications carry the Berlin day; an applied method leaves the estimations and scores 0', async () => {
    const [best] = json<{ data: Estimation[] }>(await agent.get(`/api/podcasts/${pro}/estimations`)).data;
    expect(best!.similarity).toBeGreaterThan(0);
    const created = await agent.post(`/api/podcasts/${pro}/applications`, { practice_id: best!.practice_id });
    expect(created.statusCode).toBe(201);
    const application = json<{ data: Application }>(created).data;
    expect(application.starts_at).toBe(berlinDate(t.clock.now()));
    expect(application.practice).toMatchObject({
      applied: true,
      applied_on: application.starts_at,
      similarity: 0,
    });
    expect(
      (await agent.post(`/api/podcasts/${pro}/applications`, { practice_id: best!.practice_id })).statusCode,
    ).toBe(200);

    const applications = json<{ data: Application[] }>(
      await agent.get(`/api/podcasts/${pro}/applications`),
    ).data;
    expect(applications.map((a) => [a.practice.id, a.starts_at])).toEqual([
      [best!.practice_id, application.starts_at],
    ]);
    const estimations = json<{ data: Estimation[] }>(
      await agent.get(`/api/podcasts/${pro}/estimations?limit=50`),
    ).data;
    expect(estimations.map((e) => e.practice_id)).not.toContain(best!.practice_id);
    expect((await list(pro, '?status=applied')).data.map((p) => p.id)).toEqual([best!.practice_id]);
    expect((await list(pro, '?status=open')).meta.total).toBe(TOTAL - 1);

    expect(
      (await agent.delete(`/api/podcasts/${pro}/applications`, { practice_id: best!.practice_id }))
        .statusCode,
    ).toBe(204);
    const again = json<{ data: Estimation[] }>(await agent.get(`/api/podcasts/${pro}/estimations`)).data;
    expect(again[0]).toEqual(best);
  });

  it('a rejected method is never recommended until the rejection is removed', async () => {
    const top = json<{ data: Estimation[] }>(await agent.get(`/api/podcasts/${pro}/estimations`)).data;
    expect(top).toHaveLength(3);
    const rejected = top[1]!.practice_id;
    expect((await agent.post(`/api/podcasts/${pro}/rejections`, { practice_id: rejected })).statusCode).toBe(
      201,
    );
    expect((await agent.post(`/api/podcasts/${pro}/rejections`, { practice_id: rejected })).statusCode).toBe(
      200,
    );
    const after = json<{ data: Estimation[] }>(await agent.get(`/api/podcasts/${pro}/estimations`)).data;
    expect(after.map((e) => e.practice_id)).toEqual([
      top[0]!.practice_id,
      top[2]!.practice_id,
      expect.any(Number),
    ]);
    expect(after.map((e) => e.practice_id)).not.toContain(rejected);
    const practice = json<{ data: PodcastPractice }>(
      await agent.get(`/api/practices/${rejected}?context=${pro}`),
    ).data;
    expect(practice).toMatchObject({
      rejected: true,
      similarity: 0,
      reasons: ['Du hast diese Methode ausgeschlossen'],
    });
    expect((await list(pro, '?status=rejected')).data.map((p) => p.id)).toEqual([rejected]);
    expect(
      (await agent.delete(`/api/podcasts/${pro}/rejections`, { practice_id: rejected })).statusCode,
    ).toBe(204);
    expect(json<{ data: Estimation[] }>(await agent.get(`/api/podcasts/${pro}/estimations`)).data).toEqual(
      top,
    );
  });

  it('refuses a method that does not exist and bodies without a method', async () => {
    for (const method of ['post', 'delete'] as const) {
      for (const kind of ['bookmarks', 'rejections', 'applications']) {
        const missing = await agent[method](`/api/podcasts/${pro}/${kind}`, { practice_id: 999_999 });
        expect(missing.statusCode, `${method} ${kind}`).toBe(422);
        expect(json(missing).errors).toEqual({ practice_id: ['Diese Methode gibt es nicht.'] });
        expect((await agent[method](`/api/podcasts/${pro}/${kind}`, { practice_id: '1e3' })).statusCode).toBe(
          422,
        );
        expect((await agent[method](`/api/podcasts/${pro}/${kind}`, {})).statusCode).toBe(422);
      }
    }
  });
});

describe('scores follow the goals and the stage', () => {
  it('re-ranks when the goals change', async () => {
    const before = json<{ data: Estimation[] }>(
      await agent.get(`/api/podcasts/${pro}/estimations?limit=5`),
    ).data;
    const podcast = (await createPodcast(agent, { title: 'Wechselziele' })).id;
    const goals = (high: string) =>
      Object.fromEntries(
        [
          'coverage',
          'throughput',
          'reputation',
          'interaction',
          'monetization',
          'expertise',
          'referability',
          'enjoyment',
        ].map((k) => [k, k === high ? 'high' : 'none']),
      );
    await agent.put(`/api/podcasts/${podcast}/objective`, goals('coverage'));
    const reach = json<{ data: Estimation[] }>(
      await agent.get(`/api/podcasts/${podcast}/estimations?limit=5`),
    ).data;
    await agent.put(`/api/podcasts/${podcast}/objective`, goals('monetization'));
    const money = json<{ data: Estimation[] }>(
      await agent.get(`/api/podcasts/${podcast}/estimations?limit=5`),
    ).data;
    expect(money.map((e) => e.practice_id)).not.toEqual(reach.map((e) => e.practice_id));
    expect(money[0]!.reasons[0]).toContain('Monetarisierung');
    expect(reach[0]!.reasons[0]).toContain('Reichweite');
    expect(before).toHaveLength(5);
  });

  it('takes off for a method beyond the stage and says why', async () => {
    const podcast = (await createPodcast(agent, { title: 'Kleines Budget' })).id;
    const expensive = [...contexts.values()].find((c) => c.investment === 'lt_10k')!.practice_id;
    const score = async () =>
      json<{ data: PodcastPractice }>(await agent.get(`/api/podcasts/${podcast}/practices/${expensive}`))
        .data;
    await agent.put(`/api/podcasts/${podcast}/stage`, {
      commitment: '2_weeks',
      expansion: 'gt_200k',
      investment: 'gt_100k',
    });
    const rich = await score();
    await agent.put(`/api/podcasts/${podcast}/stage`, {
      commitment: '2_weeks',
      expansion: 'gt_200k',
      investment: 'none',
    });
    const poor = await score();
    expect(poor.similarity!).toBeLessThan(rich.similarity!);
    expect(poor.reasons).toContain('braucht mehr Budget als angegeben');
  });
});

describe('one method', () => {
  it('GET /api/podcasts/{id}/practices/{practiceId} and /api/practices/{id}?context= agree', async () => {
    const one = json<{ data: PodcastPractice }>(await agent.get(`/api/podcasts/${pro}/practices/5`)).data;
    const inContext = json<{ data: PodcastPractice }>(
      await agent.get(`/api/practices/5?context=${pro}`),
    ).data;
    expect(inContext).toEqual(one);
    expect(one.similarity).toEqual(expect.any(Number));
    expect(one.date_from).toBe(berlinDate(t.clock.now()));
    expect((await agent.get(`/api/podcasts/${pro}/practices/999999`)).statusCode).toBe(404);
    expect((await agent.get(`/api/practices/999999?context=${pro}`)).statusCode).toBe(404);
    expect((await agent.get(`/api/podcasts/${pro}/practices/abc`)).statusCode).toBe(404);
    // Without context: no podcast's values.
    const plain = json<{ data: PodcastPractice }>(await agent.get('/api/practices/5')).data;
    expect(plain).toMatchObject({ similarity: null, reasons: null, bookmarked: false, applied_on: null });
  });
});

describe('similarities', () => {
  it('lists the three most similar other methods, with the podcast flags in context', async () => {
    const response = await agent.get('/api/practices/1/similarities');
    expect(response.statusCode).toBe(200);
    const similar = json<{ data: Similarity[] }>(response).data;
    expect(similar).toHaveLength(3);
    expect(similar.map((s) => s.relation_id)).not.toContain(1);
    const values = similar.map((s) => s.similarity);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    expect(similar.every((s) => s.id === s.relation.id && s.relation_id === s.relation.id)).toBe(true);

    await agent.post(`/api/podcasts/${pro}/bookmarks`, { practice_id: similar[0]!.relation_id });
    const inContext = json<{ data: Similarity[] }>(
      await agent.get(`/api/practices/1/similarities?context=${pro}&limit=5`),
    ).data;
    expect(inContext).toHaveLength(5);
    expect(inContext[0]!.relation).toMatchObject({ bookmarked: true, similarity: expect.any(Number) });
    await agent.post(`/api/podcasts/${pro}/rejections`, { practice_id: similar[1]!.relation_id });
    const withoutRejected = json<{ data: Similarity[] }>(
      await agent.get(`/api/practices/1/similarities?context=${pro}`),
    ).data;
    expect(withoutRejected.map((s) => s.relation_id)).not.toContain(similar[1]!.relation_id);
    expect(withoutRejected[0]!.relation_id).toBe(similar[0]!.relation_id);
    await agent.delete(`/api/podcasts/${pro}/rejections`, { practice_id: similar[1]!.relation_id });
    expect((await agent.get('/api/practices/999999/similarities')).statusCode).toBe(404);
    expect((await stranger.agent.get(`/api/practices/1/similarities?context=${pro}`)).statusCode).toBe(404);
    await agent.delete(`/api/podcasts/${pro}/bookmarks`, { practice_id: similar[0]!.relation_id });
  });
});

describe('the guard', () => {
  it('lets an observer read but not set flags, an editor set them', async () => {
    expect((await observer.agent.get(`/api/podcasts/${pro}/practices`)).statusCode).toBe(200);
    expect((await observer.agent.get(`/api/podcasts/${pro}/estimations`)).statusCode).toBe(200);
    for (const kind of ['bookmarks', 'rejections', 'applications']) {
      const refused = await observer.agent.post(`/api/podcasts/${pro}/${kind}`, { practice_id: 2 });
      expect(refused.statusCode, kind).toBe(403);
      expect(json(refused).message).toBe('Das darf deine Rolle in diesem Podcast nicht.');
      expect(
        (await observer.agent.delete(`/api/podcasts/${pro}/${kind}`, { practice_id: 2 })).statusCode,
      ).toBe(403);
    }
    expect((await editor.agent.post(`/api/podcasts/${pro}/bookmarks`, { practice_id: 2 })).statusCode).toBe(
      201,
    );
    expect((await editor.agent.delete(`/api/podcasts/${pro}/bookmarks`, { practice_id: 2 })).statusCode).toBe(
      204,
    );
    const rows = await t.db
      .selectFrom('practice_rejections')
      .selectAll()
      .where('podcast_id', '=', pro)
      .execute();
    expect(rows).toEqual([]);
  });

  it('answers 404 for another user’s podcast on every route and writes nothing', async () => {
    const other = stranger.agent;
    for (const path of ['practices', 'practices/1', 'bookmarks', 'applications', 'estimations']) {
      const response = await other.get(`/api/podcasts/${pro}/${path}`);
      expect(response.statusCode, path).toBe(404);
      expect(json(response).message).toBe('Diesen Podcast gibt es nicht.');
    }
    for (const kind of ['bookmarks', 'rejections', 'applications']) {
      expect((await other.post(`/api/podcasts/${pro}/${kind}`, { practice_id: 2 })).statusCode).toBe(404);
      expect((await other.delete(`/api/podcasts/${pro}/${kind}`, { practice_id: 2 })).statusCode).toBe(404);
    }
    expect((await other.get(`/api/practices/1?context=${pro}`)).statusCode).toBe(404);
    const bookmarks = await t.db
      .selectFrom('practice_bookmarks')
      .selectAll()
      .where('podcast_id', '=', pro)
      .execute();
    expect(bookmarks).toEqual([]);
  });

  it('needs a session', async () => {
    const anonymous = t.agent();
    await anonymous.csrf();
    expect((await anonymous.get(`/api/podcasts/${pro}/practices`)).statusCode).toBe(401);
    expect((await anonymous.post(`/api/podcasts/${pro}/bookmarks`, { practice_id: 1 })).statusCode).toBe(401);
  });
});
