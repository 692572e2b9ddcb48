// What the PWA's outbox relies on (src/browser/outbox-replay.ts): a step toggle and a
// comment sent again with the same Idempotency-Key (the first answer was lost) apply once; a 401
// (session expired) is not recorded, so the same key works after login; the body of
// /sanctum/csrf-cookie is the token the replay sends.
import { describe, expect, it } from 'vitest';
import { json } from '../helpers/agent.ts';
import { PASSWORD } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { eventRows, ownerWithExperiment } from './experiment-helpers.ts';

const t = await createTestApp();

const setup = () => ownerWithExperiment(t);

const commentCount = async (experimentId: number) =>
  (await t.db.selectFrom('comments').select('id').where('experiment_id', '=', experimentId).execute()).length;

describe('outbox replay', () => {
  it("applies a toggle, a comment, 'Alles erledigt' and metrics sent twice with their keys once", async () => {
    const { owner, podcast, experiment } = await setup();
    const step = experiment.actions[0]!;
    const toggle = () =>
      owner.agent.post(
        `/api/experiments/actions/${step.id}`,
        { completed: true },
        { 'idempotency-key': 'outbox-toggle-1' },
      );
    const comment = () =>
      owner.agent.post(
        `/api/experiments/${experiment.id}/comments`,
        { content: 'Offline geschrieben' },
        {
          'idempotency-key': 'outbox-comment-1',
        },
      );
    const allDone = () =>
      owner.agent.post(
        `/api/experiments/${experiment.id}/actions`,
        {},
        { 'idempotency-key': 'outbox-all-1' },
      );
    const metrics = () =>
      owner.agent.post(
        `/api/podcasts/${podcast.id}/metrics`,
        { coverage: 120 },
        { 'idempotency-key': 'outbox-metrics-1' },
      );
    for (const send of [toggle, comment, allDone, metrics]) {
      const first = await send();
      const again = await send();
      expect(first.statusCode).toBeLessThan(300);
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(first.body);
    }
    expect(await commentCount(experiment.id)).toBe(1);
    const stepEvents = (await eventRows(t, experiment.id)).filter(
      (e) => e.trackable_type === 'experiment_action',
    );
    // The toggle's step, then the others by 'Alles erledigt': each once.
    expect(stepEvents).toHaveLength(experiment.actions.length);
    const values = await t.db
      .selectFrom('podcast_metrics')
      .select('value')
      .where('podcast_id', '=', podcast.id)
      .execute();
    expect(values).toEqual([{ value: 120 }]);
    // The answer replayed is the one of the write: the value it added.
    const added = json<{ data: { key: string; values: { value: number }[] }[] }>(await metrics()).data;
    expect(added.map((m) => [m.key, m.values[0]!.value])).toEqual([['coverage', 120]]);
  });

  it('sends a comment refused with 401 again under the same key after login', async () => {
    const { owner, experiment } = await setup();
    const send = () =>
      owner.agent.post(
        `/api/experiments/${experiment.id}/comments`,
        { content: 'Nach dem Login' },
        {
          'idempotency-key': 'outbox-comment-2',
        },
      );
    expect((await owner.agent.delete('/api/account/session')).statusCode).toBe(204);
    await owner.agent.csrf();
    expect((await send()).statusCode).toBe(401);
    expect(await commentCount(experiment.id)).toBe(0);

    const login = await owner.agent.post('/api/account/session', { email: owner.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    // The replay takes its token from the body (a service worker cannot read the cookie).
    const { token } = json<{ token: string }>(await owner.agent.csrf());
    const sent = await send();
    expect(sent.statusCode).toBe(201);
    expect(token).toBe(owner.agent.cookies.get('XSRF-TOKEN'));
    expect((await send()).headers['idempotent-replayed']).toBe('true');
    expect(await commentCount(experiment.id)).toBe(1);
  });
});
