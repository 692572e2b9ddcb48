// The experiment lists: running (state=started) apart from ended, by method (origin), each with its own steps in order.
import { describe, expect, it } from 'vitest';
import { experimentResource, experimentsResponse } from '../../../src/shared/experiments.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { contract } from '../team/team-helpers.ts';
import { addPractice, ownerWithPodcast, startExperiment } from './experiment-helpers.ts';

const t = await createTestApp();

describe('lists', { timeout: 30_000 }, () => {
  it('splits running (state=started) from ended and filters by the method (origin)', async () => {
    t.clock.set('2027-05-01T08:00:00Z');
    const { owner, podcast } = await ownerWithPodcast(t);
    const a = await addPractice(t, 'Methode A');
    const b = await addPractice(t, 'Methode B');
    const short = await startExperiment(owner.agent, podcast.id, {
      practice_id: a.id,
      starts_at: '2027-05-01',
      ends_at: '2027-05-02',
    });
    const long = await startExperiment(owner.agent, podcast.id, {
      practice_id: b.id,
      starts_at: '2027-05-01',
      ends_at: '2027-05-20',
    });
    t.clock.set('2027-05-03T08:00:00Z');
    const get = async (query: string) => {
      const response = await owner.agent.get(`/api/podcasts/${podcast.id}/experiments${query}`);
      return contract(response, 200, experimentsResponse).data.map((e) => e.id);
    };
    expect((await get('')).sort()).toEqual([short.id, long.id].sort());
    expect(await get('?state=started')).toEqual([long.id]);
    expect(await get('?state=ended')).toEqual([short.id]);
    expect(await get(`?origin=${a.id}`)).toEqual([short.id]);
    expect((await owner.agent.get(`/api/podcasts/${podcast.id}/experiments?state=bald`)).statusCode).toBe(
      422,
    );
  });

  it('lists each experiment with its own steps in order, and one of a method without steps with none', async () => {
    t.clock.set('2027-05-01T08:00:00Z');
    const { owner, podcast } = await ownerWithPodcast(t);
    const withSteps = await addPractice(t, 'Mit Schritten');
    const bare = await addPractice(t, 'Ohne Schritte');
    await t.db.deleteFrom('practice_actions').where('practice_id', '=', bare.id).execute();
    const started = [];
    for (const [practice, starts_at] of [
      [withSteps, '2027-05-01'],
      [bare, '2027-05-02'],
      [withSteps, '2027-05-03'],
    ] as const) {
      started.push(
        await startExperiment(owner.agent, podcast.id, {
          practice_id: practice.id,
          starts_at,
          ends_at: '2027-05-20',
        }),
      );
    }
    const steps = ['Passende Podcasts finden', 'Anfrage schreiben', 'Aufnahme bewerben'];
    const list = contract(
      await owner.agent.get(`/api/podcasts/${podcast.id}/experiments`),
      200,
      experimentsResponse,
    ).data;
    // Newest start first, each with its steps (read with the experiments: one row per step).
    expect(list.map((e) => [e.id, e.actions.map((a) => a.description)])).toEqual([
      [started[2]!.id, steps],
      [started[1]!.id, []],
      [started[0]!.id, steps],
    ]);
    expect(list.flatMap((e) => e.actions.map((a) => a.id))).toEqual(
      started.toReversed().flatMap((e) => e.actions.map((a) => a.id)),
    );
    for (const e of started) {
      const shown = contract(await owner.agent.get(`/api/experiments/${e.id}`), 200, experimentResource).data;
      expect(shown.actions).toEqual(e.actions);
    }
  });
});
