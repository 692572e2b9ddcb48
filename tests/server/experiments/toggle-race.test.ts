// A toggle without `completed` flips the step atomically (locks): sent ten times at once,
// every acknowledged flip is recorded as an event and the final state matches the parity. On
// PostgreSQL the old read-then-update acknowledged flips it dropped (200 each, 2 recorded).
import { describe, expect, it } from 'vitest';
import { json } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addPractice, eventRows, ownerWithPodcast, startExperiment } from './experiment-helpers.ts';
import { berlinDate } from '../../../src/shared/calendar.ts';

const t = await createTestApp();

describe('parallel toggles', { timeout: 60_000 }, () => {
  it.each([10, 7])('%i flips at once: each acknowledged, each logged, the parity kept', async (n) => {
    const { owner, podcast } = await ownerWithPodcast(t);
    const practice = await addPractice(t);
    const e = await startExperiment(owner.agent, podcast.id, {
      practice_id: practice.id,
      starts_at: berlinDate(t.clock.now()), // the app's today: in Berlin, not UTC
      ends_at: '2099-01-01',
    });
    const stepId = e.actions[0]!.id;
    const answers = await Promise.all(
      Array.from({ length: n }, () => owner.agent.post(`/api/experiments/actions/${stepId}`, {})),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(n).fill(200));
    // Each answer is the state its own flip left: as many `true` as `false`, give or take the odd one.
    const states = answers.map((r) => json<{ data: { completed: boolean } }>(r).data.completed);
    expect(states.filter(Boolean).length).toBe(Math.ceil(n / 2));
    const logged = (await eventRows(t, e.id)).filter((r) => r.trackable_type === 'experiment_action');
    expect(logged.length).toBe(n);
    const step = await t.db
      .selectFrom('experiment_actions')
      .select(['completed_at', 'completed_by'])
      .where('id', '=', stepId)
      .executeTakeFirstOrThrow();
    expect(step.completed_at !== null).toBe(n % 2 === 1);
    expect(step.completed_by).toBe(n % 2 === 1 ? owner.id : null);
  });
});
