// An experiment's action steps: toggled, set explicitly, all marked done, each change logged once, replays too.
import { describe, expect, it } from 'vitest';
import { experimentResource } from '../../../src/shared/experiments.ts';
import { json } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { contract } from '../team/team-helpers.ts';
import { addPractice, eventRows, ownerWithPodcast, startExperiment } from './experiment-helpers.ts';

const t = await createTestApp();

describe('action steps', { timeout: 30_000 }, () => {
  it('toggles, sets explicitly (a replay changes nothing) and marks all done, logging each change once', async () => {
    t.clock.set('2027-06-01T08:00:00Z');
    const { owner, podcast } = await ownerWithPodcast(t);
    const practice = await addPractice(t);
    const e = await startExperiment(owner.agent, podcast.id, {
      practice_id: practice.id,
      starts_at: '2027-06-01',
      ends_at: '2027-06-10',
    });
    const [first, second, third] = e.actions.map((a) => a.id) as [number, number, number];
    const step = (actionId: number, body?: unknown) =>
      owner.agent.post(`/api/experiments/actions/${actionId}`, body ?? {});

    expect(json<{ data: { completed: boolean } }>(await step(first)).data.completed).toBe(true);
    expect(json<{ data: { completed: boolean } }>(await step(first)).data.completed).toBe(false);
    const set = await step(second, { completed: true });
    expect(json<{ data: { completed: boolean } }>(set).data.completed).toBe(true);
    // The same request again (a replay from the outbox): still done, nothing logged.
    expect(
      json<{ data: { completed: boolean } }>(await step(second, { completed: true })).data.completed,
    ).toBe(true);
    expect((await eventRows(t, e.id)).filter((r) => r.trackable_type === 'experiment_action')).toEqual([
      { trackable_type: 'experiment_action', trackable_id: first, event_type: 'updated', user_id: owner.id },
      { trackable_type: 'experiment_action', trackable_id: first, event_type: 'updated', user_id: owner.id },
      { trackable_type: 'experiment_action', trackable_id: second, event_type: 'updated', user_id: owner.id },
    ]);

    const all = contract(await owner.agent.post(`/api/experiments/${e.id}/actions`), 200, experimentResource);
    expect(all.data.actions.every((a) => a.completed)).toBe(true);
    // The answer is the experiment as it is now, steps in their order.
    expect(all.data).toEqual(json<{ data: unknown }>(await owner.agent.get(`/api/experiments/${e.id}`)).data);
    const logged = (await eventRows(t, e.id)).filter((r) => r.trackable_type === 'experiment_action');
    expect(
      logged
        .slice(3)
        .map((r) => r.trackable_id)
        .sort(),
    ).toEqual([first, third].sort());
    // Everything done already: again changes nothing and logs nothing.
    await owner.agent.post(`/api/experiments/${e.id}/actions`);
    expect((await eventRows(t, e.id)).length).toBe(1 + 5);

    const invalid = await step(first, { completed: 'ja' });
    expect(invalid.statusCode).toBe(422);
    expect((await step(999_999)).statusCode).toBe(404);
    expect(json(await step(999_999)).message).toBe('Diese Aufgabe gibt es nicht.');
  });
});

describe('concurrent replays', { timeout: 30_000 }, () => {
  it('five identical requests at once set a step once and log it once', async () => {
    t.clock.set('2027-06-15T08:00:00Z');
    const { owner, podcast } = await ownerWithPodcast(t);
    const practice = await addPractice(t);
    const e = await startExperiment(owner.agent, podcast.id, {
      practice_id: practice.id,
      starts_at: '2027-06-15',
      ends_at: '2027-06-20',
    });
    const stepId = e.actions[0]!.id;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        owner.agent.post(`/api/experiments/actions/${stepId}`, { completed: true }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.every((r) => json<{ data: { completed: boolean } }>(r).data.completed)).toBe(true);
    const logged = (await eventRows(t, e.id)).filter((r) => r.trackable_type === 'experiment_action');
    expect(logged).toEqual([
      { trackable_type: 'experiment_action', trackable_id: stepId, event_type: 'updated', user_id: owner.id },
    ]);
  });
});
