// The methods list's filters (keywords, commitment, investment, expansion, relevance), its ranking and records.
import { describe, expect, it } from 'vitest';
import { audienceSize, budget, timeEffort } from '../../../src/shared/vocabulary.ts';
import { ids, practicesApp } from './practice-helpers.ts';

const { agent, list, contexts, keywordRows, TOTAL, pro } = await practicesApp();

describe('GET /api/podcasts/{id}/practices', () => {
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
