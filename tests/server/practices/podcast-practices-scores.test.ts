// The scores of a podcast's methods: they follow its goals and its stage, and say why.
import { describe, expect, it } from 'vitest';
import type { Estimation, PodcastPractice } from '../../../src/shared/podcast-practices.ts';
import { json } from '../helpers/agent.ts';
import { createPodcast } from '../podcasts/podcast-helpers.ts';
import { goals, practicesApp } from './practice-helpers.ts';

const { agent, contexts, pro } = await practicesApp();

describe('scores follow the goals and the stage', () => {
  it('re-ranks when the goals change', async () => {
    const before = json<{ data: Estimation[] }>(
      await agent.get(`/api/podcasts/${pro}/estimations?limit=5`),
    ).data;
    const podcast = (await createPodcast(agent, { title: 'Wechselziele' })).id;
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
