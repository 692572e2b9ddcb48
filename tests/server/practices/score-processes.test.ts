// Two server processes on one database: a podcast's goals changed through one re-rank its methods
// in the other at its next request, although each keeps the rankings it used in memory (the
// score state is read with every page's flags: recommend.ts currentRanking).
import { describe, expect, it } from 'vitest';
import type { PodcastPractice } from '../../../src/shared/podcast-practices.ts';
import { buildApp } from '../../../src/server/app.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { Agent, json } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addCategories, createPodcast } from '../podcasts/podcast-helpers.ts';

const goals = (coverage: string, monetization: string) => ({
  coverage,
  throughput: 'none',
  reputation: 'none',
  interaction: 'none',
  monetization,
  expertise: 'none',
  referability: 'none',
  enjoyment: 'none',
});

describe('scores in two processes', () => {
  it('shows the ranking of goals saved through the other process at the next request', async () => {
    const t = await createTestApp({ seed: true });
    const second = await buildApp(t.config, { logger: false, clock: t.clock });
    try {
      await addCategories(t);
      const { agent } = await verifiedUser(t);
      const podcast = (await createPodcast(agent, { title: 'Zwei Prozesse' })).id;
      const elsewhere = new Agent(second.app);
      for (const [name, value] of agent.cookies) elsewhere.cookies.set(name, value);
      const read = async (query: string) => {
        const response = await elsewhere.get(`/api/podcasts/${podcast}/practices${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return json<{ data: PodcastPractice[] }>(response).data.map((p) => [p.id, p.similarity]);
      };
      const detail = async (id: number) =>
        json<{ data: PodcastPractice }>(await elsewhere.get(`/api/podcasts/${podcast}/practices/${id}`)).data
          .similarity;

      expect((await agent.put(`/api/podcasts/${podcast}/objective`, goals('high', 'none'))).statusCode).toBe(
        200,
      );
      const reach = { advice: await read(''), latest: await read('?order=latest') };
      const first = reach.latest[0]![0] as number;
      const reachDetail = await detail(first);
      // The same goals, read again by the second process: its kept ranking.
      expect(await read('')).toEqual(reach.advice);

      expect((await agent.put(`/api/podcasts/${podcast}/objective`, goals('none', 'high'))).statusCode).toBe(
        200,
      );
      const money = { advice: await read(''), latest: await read('?order=latest') };
      // What the first process answers, which computed the new ranking itself.
      const own = async (query: string) =>
        json<{ data: PodcastPractice[] }>(
          await agent.get(`/api/podcasts/${podcast}/practices${query}`),
        ).data.map((p) => [p.id, p.similarity]);
      expect(money.advice).toEqual(await own(''));
      expect(money.latest).toEqual(await own('?order=latest'));
      expect(money.advice).not.toEqual(reach.advice);
      expect(money.latest).not.toEqual(reach.latest);
      expect(await detail(first)).toBe(money.latest[0]![1]);
      expect(await detail(first)).not.toBe(reachDetail);
    } finally {
      await second.app.close();
    }
  });
});
