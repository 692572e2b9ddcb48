// What worked for podcasts like mine, through the API on real audience series: seven small weekly
// podcasts of seven owners measure one method (+30 % injected). The job pools their measured
// effects once five podcasts of five owners contributed; the method's answer and ranking say so;
// a sixth podcast arriving and leaving again changes no published figure (the differencing
// guard); the opt-out removes a podcast's measurements at once, and deleting a podcast removes
// its contributions.
import { describe, expect, it } from 'vitest';
import type { PooledEffect } from '../../../src/shared/pooled-effect-text.ts';
import {
  pooledBasis,
  pooledHeadline,
} from '../../../src/client/features/practices/components/pooled-effect-text.ts';
import { metric } from '../../../src/shared/vocabulary.ts';
import { syntheticPodcast } from '../../support/synthetic-audience.ts';
import { PASSWORD } from '../helpers/accounts.ts';
import { json, type Agent } from '../helpers/agent.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { storeSynthetic } from '../experiments/audience-helpers.ts';
import { addPractice, ownerWithPodcast, startExperiment } from '../experiments/experiment-helpers.ts';

const t = await createTestApp();
const START = '2027-04-05';

async function rate(app: TestApp, practiceId: number) {
  await app.db
    .insertInto('practice_ratings')
    .values({
      practice_id: practiceId,
      ...(Object.fromEntries(metric.keys.map((k) => [k, 'medium'])) as Record<
        (typeof metric.keys)[number],
        string
      >),
    })
    .execute();
}

type Show = { agent: Agent; podcastId: number };

/** A small weekly podcast with a synthetic series (+30 % from the start) and an experiment of `practiceId`. */
async function show(seed: number, practiceId: number | null): Promise<Show> {
  const synthetic = syntheticPodcast({ seed, baselineDays: 84, runDays: 21, effect: 0.3, start: START });
  const { owner, podcast } = await ownerWithPodcast(t);
  await storeSynthetic(t, podcast.id, synthetic);
  const stage = { commitment: '1_day', expansion: 'lt_1k', investment: 'none' };
  expect((await owner.agent.put(`/api/podcasts/${podcast.id}/stage`, stage)).statusCode).toBe(200);
  await t.db
    .insertInto('feed_checks')
    .values({
      podcast_id: podcast.id,
      checked_at: t.clock.now().toISOString(),
      findings: '[]',
      rhythm: JSON.stringify({
        episodes: 12,
        median_days: 7,
        regularity: 1,
        days_since_last: 2,
        weekday: 1,
        months: [],
      }),
    })
    .execute();
  if (practiceId !== null)
    await startExperiment(owner.agent, podcast.id, {
      practice_id: practiceId,
      starts_at: START,
      ends_at: synthetic.end,
    });
  return { agent: owner.agent, podcastId: podcast.id };
}

const setPrivate = async (s: Show, value: '0' | '1') =>
  expect(
    (await s.agent.post(`/api/podcasts/${s.podcastId}/settings`, { key: 'measurements_private', value }))
      .statusCode,
  ).toBe(200);

async function pooledOf(s: Show, practiceId: number): Promise<PooledEffect | undefined> {
  const response = await s.agent.get(`/api/podcasts/${s.podcastId}/pooled-effects`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: PooledEffect[] }>(response).data.find((p) => p.practice_id === practiceId);
}

async function methodOf(s: Show, practiceId: number) {
  const response = await s.agent.get(`/api/podcasts/${s.podcastId}/practices/${practiceId}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: { similarity: number; reasons: string[] } }>(response).data;
}

const runJob = async () => expect(await t.jobs.pooledEvidence.runOnce()).toBe(true);
const contributionsOf = async (podcastId: number) =>
  (
    await t.db
      .selectFrom('practice_effect_contributions')
      .select('experiment_id')
      .where('podcast_id', '=', podcastId)
      .execute()
  ).length;

describe('pooled effects of a method', { timeout: 120_000 }, () => {
  it('are shown from five podcasts of five owners on, rank the method, and reveal no single podcast', async () => {
    t.clock.set(`${START}T08:00:00Z`);
    const method = await addPractice(t, 'Gastauftritte in anderen Podcasts');
    const twin = await addPractice(t, 'Zwilling ohne Messungen');
    await rate(t, method.id);
    await rate(t, twin.id);
    const shows: Show[] = [];
    for (let i = 0; i < 7; i++) shows.push(await show(100 + i, method.id));
    // The fifth to seventh come later: opted out for now (the job measures none of theirs).
    for (const s of shows.slice(4)) await setPrivate(s, '1');
    const [reader] = shows as [Show];
    // A podcast of the same kind that never tried the method: only the pooled effect moves its score.
    const newcomer = await show(200, null);

    t.clock.set('2027-04-28T09:00:00Z');
    await runJob();
    const four = (await pooledOf(reader, method.id))!;
    expect(four).toMatchObject({ shown: false, contributors: 4, needed: 5, effect: null });
    expect(pooledHeadline(four)).toBe('Noch zu wenige Messungen (4 von 5)');
    expect((await methodOf(reader, method.id)).reasons.join()).not.toMatch(/Podcasts wie deinem/);

    await setPrivate(shows[4]!, '0');
    await runJob();
    const five = (await pooledOf(reader, method.id))!;
    expect(five).toMatchObject({
      shown: true,
      contributors: 5,
      experiments: 5,
      podcasts: 5,
      similar: 5,
      fallback: false,
    });
    // +30 % injected on every podcast: a clear rise (the interval's own coverage is pooled-meta's test).
    expect(five.low!).toBeGreaterThan(0);
    expect(five.low!).toBeLessThanOrEqual(five.effect!);
    expect(five.high!).toBeGreaterThanOrEqual(five.effect!);
    expect(pooledHeadline(five)).toBe(
      // One minus sign and a non-breaking space before '%', as 'Wirkung' writes them.
      `Bei 5 Podcasts wie deinem: im Mittel +${five.effect}\u00a0% Downloads (90\u00a0%: +${five.low}\u00a0% bis +${five.high}\u00a0%)`,
    );
    expect(pooledBasis(five)).toMatch(/^Aus 5 Experimenten von 5 Podcasts; ähnliche Podcasts zählen mehr\./);

    // In the ranking: the method rises above its twin, by a bounded factor, with its reason.
    const [measured, unmeasured] = [await methodOf(newcomer, method.id), await methodOf(newcomer, twin.id)];
    // Without goals 'Lege deine Podcast-Ziele fest' comes first, then what other podcasts measured.
    expect(measured.reasons.slice(0, 2)).toContain(
      'hat bei Podcasts wie deinem messbar mehr Downloads gebracht',
    );
    expect(measured.similarity).toBeGreaterThan(unmeasured.similarity);
    const factor = Math.min(1.25, 1 + (2 * five.low!) / 100);
    expect(measured.similarity).toBeCloseTo(Math.min(1, unmeasured.similarity * factor), 2);
    expect((await methodOf(reader, method.id)).reasons).toContain(
      'hat bei Podcasts wie deinem messbar mehr Downloads gebracht',
    );

    // Differencing: with the sixth podcast and without it (deleted) the answers are the same.
    await setPrivate(shows[5]!, '0');
    await runJob();
    expect(await contributionsOf(shows[5]!.podcastId)).toBe(1);
    expect(await pooledOf(reader, method.id)).toEqual({ ...five, contributors: 6 });
    expect(
      (await shows[5]!.agent.delete(`/api/podcasts/${shows[5]!.podcastId}`, { password: PASSWORD }))
        .statusCode,
    ).toBe(204);
    expect(await contributionsOf(shows[5]!.podcastId)).toBe(0);
    await runJob();
    expect(await pooledOf(reader, method.id)).toEqual(five);

    // The opt-out: the reader's own measurement leaves at once; four remain, nothing is shown.
    await setPrivate(reader, '1');
    expect(await contributionsOf(reader.podcastId)).toBe(0);
    await runJob();
    const other = (await pooledOf(shows[1]!, method.id))!;
    expect(other).toMatchObject({ shown: false, contributors: 4 });
    expect((await methodOf(newcomer, method.id)).reasons.join()).not.toMatch(/Podcasts wie deinem/);
    expect((await methodOf(newcomer, method.id)).similarity).toBe(unmeasured.similarity);
  });
});
