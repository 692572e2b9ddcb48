// The effect on the downloads through the API, on a podcast whose source gives daily downloads: a
// synthetic podcast (known truth) with +40 % from the experiment's first day shows it with its
// interval and band; one whose downloads begin two weeks before the start says 'Zu wenig Daten'
// with what is missing; one without an effect says 'Kein messbarer Unterschied'. 'Was hat gewirkt?'
// puts the measured effects first, largest first, before an experiment only typed metrics tell.
import { describe, expect, it } from 'vitest';
import type { AudienceEffect } from '../../../src/shared/audience.ts';
import { addDays } from '../../../src/shared/calendar.ts';
import type { ExperimentEffect } from '../../../src/shared/experiment-effect.ts';
import { metric } from '../../../src/shared/vocabulary.ts';
import { syntheticPodcast } from '../../support/synthetic-audience.ts';
import { json, type Agent } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addPractice, ownerWithPodcast, startExperiment } from './experiment-helpers.ts';
import { storeSynthetic } from './audience-helpers.ts';

const t = await createTestApp();

async function experimentOn(podcast: ReturnType<typeof syntheticPodcast>, from?: string) {
  t.clock.set(`${podcast.start}T08:00:00Z`);
  const { owner, podcast: created } = await ownerWithPodcast(t);
  await storeSynthetic(t, created.id, podcast, { from });
  const experiment = await startExperiment(owner.agent, created.id, {
    practice_id: (await addPractice(t)).id,
    starts_at: podcast.start,
    ends_at: podcast.end,
  });
  return { owner, podcastId: created.id, experiment };
}

async function effectOf(owner: { agent: Agent }, id: number) {
  const response = await owner.agent.get(`/api/experiments/${id}/effect`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: ExperimentEffect }>(response).data;
}

describe('GET /api/experiments/{id}/effect → audience', { timeout: 60_000 }, () => {
  it('shows an injected +40 % with its interval and band, and ranks it first', async () => {
    const synthetic = syntheticPodcast({
      seed: 42,
      baselineDays: 84,
      runDays: 21,
      effect: 0.4,
      start: '2027-04-05',
    });
    const { owner, podcastId, experiment } = await experimentOn(synthetic);
    t.clock.set(`${synthetic.end}T12:00:00Z`);
    // Running, on its last day: the days so far (the last is still counting).
    const running = (await effectOf(owner, experiment.id)).audience!;
    expect(running.enough_data).toBe(true);
    expect(running.days).toHaveLength(20);
    expect(running.message).toMatch(
      /^Bisher, nach 20 von 21 Tagen: \+\d+\u00a0% mehr Downloads als erwartet/,
    );

    t.clock.set(`${addDays(synthetic.end, 1)}T09:00:00Z`);
    const effect = await effectOf(owner, experiment.id);
    const audience = effect.audience as AudienceEffect;
    expect(audience.enough_data).toBe(true);
    expect(audience.baseline_days).toBeGreaterThanOrEqual(80);
    expect(audience.days).toHaveLength(21);
    expect(audience.interval![0]).toBeGreaterThan(0);
    expect(audience.interval![0]).toBeLessThanOrEqual(0.4);
    expect(audience.interval![1]).toBeGreaterThanOrEqual(0.4);
    expect(audience.observed).toBe(audience.days.reduce((s, d) => s + d.observed, 0));
    expect(audience.effect).toBeCloseTo(audience.observed! - audience.expected!, 0);
    // The baseline holds Easter: a note on holidays set aside may follow the sentence.
    const shown = (n: number) => `+${Math.round(n * 100)}\u00a0%`;
    expect(audience.message).toContain(
      `${shown(audience.relative!)} mehr Downloads als erwartet (90\u00a0%-Intervall: ${shown(audience.interval![0])} bis ${shown(audience.interval![1])}).`,
    );
    for (const day of audience.days) expect(day.low).toBeLessThanOrEqual(day.expected);
    // No metric was typed in: the typed side has nothing, the list still has the experiment.
    expect(effect.enough_data).toBe(false);

    // A second experiment of the same podcast, with a typed before/after and a goal: below it.
    const base = `/api/podcasts/${podcastId}`;
    const goals = { ...Object.fromEntries(metric.keys.map((k) => [k, 'none'])), interaction: 'high' };
    expect((await owner.agent.put(`${base}/objective`, goals)).statusCode).toBe(200);
    const typedStart = addDays(synthetic.end, 1);
    t.clock.set(`${typedStart}T10:00:00Z`);
    const typed = await startExperiment(owner.agent, podcastId, {
      practice_id: (await addPractice(t)).id,
      starts_at: typedStart,
      ends_at: addDays(typedStart, 2),
    });
    await owner.agent.post(`${base}/metrics`, { interaction: 40 });
    t.clock.set(`${addDays(typedStart, 3)}T09:00:00Z`);
    await owner.agent.post(`${base}/metrics`, {
      interaction: 70,
      experiment_id: typed.id,
      evaluation: 'final',
    });
    const answer = await owner.agent.get(`${base}/effects`);
    expect(answer.statusCode, answer.body).toBe(200);
    const list = json<{ data: { experiment: { id: number }; effect: ExperimentEffect }[] }>(answer).data;
    expect(list.map((e) => e.experiment.id)).toEqual([experiment.id, typed.id]);
    // Its days have no downloads yet: measured it is not, so the typed score ranks it.
    expect(list[1]!.effect.audience?.enough_data).toBe(false);
    expect(list[1]!.effect.goal_score).toBe(0.3);
  });

  it('says what is missing when the downloads begin two weeks before the start', async () => {
    const synthetic = syntheticPodcast({ seed: 7, baselineDays: 60, runDays: 21, start: '2027-10-04' });
    const { owner, experiment } = await experimentOn(synthetic, addDays(synthetic.start, -14));
    t.clock.set(`${addDays(synthetic.end, 1)}T09:00:00Z`);
    const audience = (await effectOf(owner, experiment.id)).audience!;
    expect(audience).toMatchObject({ enough_data: false, relative: null, interval: null, days: [] });
    expect(audience.baseline_days).toBe(14);
    expect(audience.message).toBe(
      'Zu wenig Daten: Für eine Wirkung brauchen wir Downloads von mindestens 28 Tagen vor dem Start; bisher sind es 14.',
    );
  });

  it("says 'Kein messbarer Unterschied' when nothing changed", async () => {
    const synthetic = syntheticPodcast({ seed: 11, baselineDays: 84, runDays: 28, start: '2027-12-06' });
    const { owner, experiment } = await experimentOn(synthetic);
    t.clock.set(`${addDays(synthetic.end, 1)}T09:00:00Z`);
    const audience = (await effectOf(owner, experiment.id)).audience!;
    expect(audience.enough_data).toBe(true);
    expect(audience.interval![0]).toBeLessThanOrEqual(0);
    expect(audience.interval![1]).toBeGreaterThanOrEqual(0);
    // (A day without a figure is named first: 'Gemessen an 27 von 28 Tagen …: Kein …'.)
    expect(audience.message).toMatch(/(^|: )Kein messbarer Unterschied: /);
  });
});
