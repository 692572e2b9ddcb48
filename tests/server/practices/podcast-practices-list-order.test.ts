// The methods list of a podcast: the advice order and its pages, the latest, money and effort orders.
import { describe, expect, it } from 'vitest';
import { budget, timeEffort } from '../../../src/shared/vocabulary.ts';
import { ids, practicesApp, rankOf } from './practice-helpers.ts';

const { agent, list, contexts, TOTAL, pro, basic } = await practicesApp();

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
});
