// Two differently configured podcasts on the real 99 methods: a new true-crime show that wants
// reach, and a B2B show that wants revenue and expertise. Their top fives differ and make sense;
// the lists with reasons are printed (SHOWCASE=1) for the README.
import { describe, expect, it } from 'vitest';
import type { Estimation } from '../../../src/shared/podcast-practices.ts';
import { json } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addCategories, createPodcast } from '../podcasts/podcast-helpers.ts';

const t = await createTestApp({ seed: true });
await addCategories(t);
const { agent } = await verifiedUser(t);

async function topFive(title: string, objective: Record<string, string>, stage: Record<string, string>) {
  const podcast = await createPodcast(agent, { title });
  expect((await agent.put(`/api/podcasts/${podcast.id}/objective`, objective)).statusCode).toBe(200);
  expect((await agent.put(`/api/podcasts/${podcast.id}/stage`, stage)).statusCode).toBe(200);
  const response = await agent.get(`/api/podcasts/${podcast.id}/estimations?limit=5`);
  expect(response.statusCode).toBe(200);
  const list = json<{ data: Estimation[] }>(response).data;
  if (process.env.SHOWCASE) {
    console.log(
      `\n${title}\n` +
        list
          .map(
            (e, i) =>
              `${i + 1}. ${e.practice.title} (${Math.round(e.similarity * 100)} %): ${e.reasons.join('; ')}`,
          )
          .join('\n'),
    );
  }
  return list;
}

describe('top five of two podcasts', () => {
  it('recommends reach to the true-crime launch and revenue and expertise to the B2B show', async () => {
    const crime = await topFive(
      'Tatort Dorf (True Crime, neu)',
      {
        coverage: 'high',
        throughput: 'medium',
        reputation: 'medium',
        interaction: 'medium',
        monetization: 'none',
        expertise: 'none',
        referability: 'high',
        enjoyment: 'low',
      },
      { commitment: '2_hours', expansion: 'pre_launch', investment: 'lt_100' },
    );
    const b2b = await topFive(
      'Mittelstand Digital (B2B)',
      {
        coverage: 'low',
        throughput: 'low',
        reputation: 'medium',
        interaction: 'low',
        monetization: 'high',
        expertise: 'high',
        referability: 'medium',
        enjoyment: 'none',
      },
      { commitment: '1_day', expansion: 'lt_1k', investment: 'lt_1k' },
    );
    expect(crime).toHaveLength(5);
    expect(b2b).toHaveLength(5);
    const shared = crime.filter((c) => b2b.some((b) => b.practice_id === c.practice_id));
    expect(shared.length).toBeLessThanOrEqual(1);
    expect(crime.every((e) => e.reasons.length >= 2)).toBe(true);
    expect(b2b.every((e) => e.reasons.length >= 2)).toBe(true);
    // The crime show's reasons speak of reach, the B2B show's of revenue or expertise.
    expect(
      crime.filter((e) => e.reasons.some((r) => r.includes('Reichweite'))).length,
    ).toBeGreaterThanOrEqual(4);
    expect(
      b2b.filter((e) => e.reasons.some((r) => r.includes('Monetarisierung') || r.includes('Expertise')))
        .length,
    ).toBeGreaterThanOrEqual(4);
  });
});
