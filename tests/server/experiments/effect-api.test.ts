// The effect through the API: an experiment with an evaluation at its start and one after its end
// shows the change per metric and its goal score; without the one before it says what is
// missing; 'Was hat gewirkt?' lists ended experiments with enough data, best first. The guard:
// a stranger gets 404, Basic 403.
import { describe, expect, it } from 'vitest';
import { effectMessages, type ExperimentEffect } from '../../../src/shared/experiment-effect.ts';
import { metric } from '../../../src/shared/vocabulary.ts';
import { json } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addPractice, ownerWithPodcast, startExperiment } from './experiment-helpers.ts';

const t = await createTestApp();

describe('GET /api/experiments/{id}/effect', { timeout: 30_000 }, () => {
  it('before and after, the goal score, and the list of what worked', async () => {
    t.clock.set('2027-03-01T09:00:00Z');
    const { owner, podcast } = await ownerWithPodcast(t);
    const base = `/api/podcasts/${podcast.id}`;
    const goals = {
      ...Object.fromEntries(metric.keys.map((k) => [k, 'none'])),
      coverage: 'high',
      interaction: 'low',
    };
    expect((await owner.agent.put(`${base}/objective`, goals)).statusCode).toBe(200);
    const practice = await addPractice(t);
    const worked = await startExperiment(owner.agent, podcast.id, {
      practice_id: practice.id,
      starts_at: '2027-03-01',
      ends_at: '2027-03-14',
    });
    const untested = await startExperiment(owner.agent, podcast.id, {
      practice_id: practice.id,
      starts_at: '2027-03-01',
      ends_at: '2027-03-14',
    });
    await owner.agent.post(`${base}/metrics`, {
      coverage: 200,
      interaction: 40,
      experiment_id: worked.id,
      evaluation: 'interim',
    });

    // Before the end: nothing after it yet.
    const early = json<{ data: ExperimentEffect }>(
      await owner.agent.get(`/api/experiments/${worked.id}/effect`),
    );
    expect(early.data).toMatchObject({ enough_data: false, missing: effectMessages.after, goal_score: null });

    t.clock.set('2027-03-15T09:00:00Z');
    await owner.agent.post(`${base}/metrics`, {
      coverage: 260,
      interaction: 30,
      experiment_id: worked.id,
      evaluation: 'final',
    });
    const response = await owner.agent.get(`/api/experiments/${worked.id}/effect`);
    expect(response.statusCode, response.body).toBe(200);
    // Each side says its day: the interim evaluation on the first day, the final one after the end.
    const days = {
      before_days: { from: '2027-03-01', to: '2027-03-01' },
      after_days: { from: '2027-03-15', to: '2027-03-15' },
    };
    expect(json<{ data: ExperimentEffect }>(response).data).toMatchObject({
      metrics: [
        { key: 'coverage', before: 200, after: 260, change: 60, relative: 0.3, ...days },
        { key: 'interaction', before: 40, after: 30, change: -10, relative: -0.25, ...days },
      ],
      // (3 × 0.3 + 1 × -0.1) / 4 = 0.2
      goal_score: 0.2,
      enough_data: true,
      missing: null,
      // No source gives this podcast daily downloads.
      audience: null,
      note: null,
    });

    // The other experiment of the same days has the same metrics: the history is the podcast's.
    const list = json<{ data: { experiment: { id: number }; effect: ExperimentEffect }[] }>(
      await owner.agent.get(`${base}/effects`),
    ).data;
    expect(list.map((e) => e.experiment.id).sort()).toEqual([worked.id, untested.id].sort());
    expect(list[0]!.effect.goal_score).toBe(0.2);
  });

  it('says what is missing when nothing was measured before the start', async () => {
    t.clock.set('2027-05-01T09:00:00Z');
    const { owner, podcast } = await ownerWithPodcast(t);
    const e = await startExperiment(owner.agent, podcast.id, {
      practice_id: (await addPractice(t)).id,
      starts_at: '2027-05-02',
      ends_at: '2027-05-10',
    });
    t.clock.set('2027-05-11T09:00:00Z');
    await owner.agent.post(`/api/podcasts/${podcast.id}/metrics`, {
      coverage: 10,
      experiment_id: e.id,
      evaluation: 'final',
    });
    const effect = json<{ data: ExperimentEffect }>(
      await owner.agent.get(`/api/experiments/${e.id}/effect`),
    ).data;
    expect(effect).toMatchObject({
      metrics: [],
      goal_score: null,
      enough_data: false,
      missing: effectMessages.before,
      audience: null,
      note: null,
    });
    expect(
      json<{ data: unknown[] }>(await owner.agent.get(`/api/podcasts/${podcast.id}/effects`)).data,
    ).toEqual([]);
  });

  it('a stranger gets 404, a Basic podcast 403', async () => {
    t.clock.set('2027-06-01T09:00:00Z');
    const { owner, podcast } = await ownerWithPodcast(t);
    const e = await startExperiment(owner.agent, podcast.id, {
      practice_id: (await addPractice(t)).id,
      starts_at: '2027-06-01',
      ends_at: '2027-06-10',
    });
    const stranger = await verifiedUser(t);
    expect((await stranger.agent.get(`/api/experiments/${e.id}/effect`)).statusCode).toBe(404);
    expect((await stranger.agent.get(`/api/podcasts/${podcast.id}/effects`)).statusCode).toBe(404);
    await t.db.updateTable('podcasts').set({ trial_days: 0 }).where('id', '=', podcast.id).execute();
    expect((await owner.agent.get(`/api/experiments/${e.id}/effect`)).statusCode).toBe(403);
    expect((await owner.agent.get(`/api/podcasts/${podcast.id}/effects`)).statusCode).toBe(403);
  });
});
