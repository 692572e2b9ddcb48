// Who may do what with experiments: Pro only (a trial or lifetime access counts; Basic gets 403
// in German), observers read, editors and up write, strangers learn nothing (404 before the body
// is even looked at).
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../src/shared/roles.ts';
import { json } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addMember } from '../podcasts/podcast-helpers.ts';
import { eventRows, ownerWithExperiment } from './experiment-helpers.ts';

const t = await createTestApp();
const PRO = 'Das gibt es nur in Studio Pro. Aktiviere die Kompass-KI für diesen Podcast.';
const ROLE = 'Das darf deine Rolle in diesem Podcast nicht.';

const setup = () => ownerWithExperiment(t);

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; body?: unknown; write: boolean };
function calls(podcastId: number, experimentId: number, actionId: number, practiceId: number): Call[] {
  return [
    { method: 'GET', path: `/api/podcasts/${podcastId}/experiments`, write: false },
    { method: 'GET', path: `/api/experiments/${experimentId}`, write: false },
    { method: 'GET', path: `/api/experiments/${experimentId}/events`, write: false },
    { method: 'GET', path: `/api/experiments/${experimentId}/comments`, write: false },
    {
      method: 'POST',
      path: `/api/podcasts/${podcastId}/experiments`,
      body: { practice_id: practiceId, starts_at: '2027-02-20', ends_at: '2027-02-27' },
      write: true,
    },
    {
      method: 'PUT',
      path: `/api/experiments/${experimentId}`,
      body: { title: 'Neu', starts_at: '2027-02-01', ends_at: '2027-02-15' },
      write: true,
    },
    { method: 'POST', path: `/api/experiments/${experimentId}/actions`, body: {}, write: true },
    { method: 'POST', path: `/api/experiments/actions/${actionId}`, body: { completed: true }, write: true },
    {
      method: 'POST',
      path: `/api/experiments/${experimentId}/comments`,
      body: { content: 'Hallo' },
      write: true,
    },
    {
      method: 'POST',
      path: `/api/podcasts/${podcastId}/metrics`,
      body: { coverage: 10, experiment_id: experimentId, evaluation: 'interim' },
      write: true,
    },
    { method: 'DELETE', path: `/api/experiments/${experimentId}`, write: true },
  ];
}

describe('roles', { timeout: 30_000 }, () => {
  it.each<[Role, boolean]>([
    ['observer', false],
    ['editor', true],
    ['manager', true],
  ])('%s: reads, and writes only when allowed', async (role, writes) => {
    const { podcast, practice, experiment } = await setup();
    const member = await verifiedUser(t);
    await addMember(t, podcast.id, member.id, role);
    for (const call of calls(podcast.id, experiment.id, experiment.actions[0]!.id, practice.id)) {
      const response = await member.agent.request(call.method, call.path, call.body as never);
      if (!call.write || writes) {
        expect(response.statusCode, `${call.method} ${call.path}`).toBeLessThan(300);
      } else {
        expect(response.statusCode, `${call.method} ${call.path}`).toBe(403);
        expect(json(response).message).toBe(ROLE);
      }
    }
    // An observer changed nothing: the log has only the start.
    if (!writes) expect(await eventRows(t, experiment.id)).toHaveLength(1);
  });

  it('a stranger and an inactive member get 404, even with an invalid body', async () => {
    const { podcast, practice, experiment } = await setup();
    const stranger = await verifiedUser(t);
    const former = await verifiedUser(t);
    await addMember(t, podcast.id, former.id, 'editor', 0);
    for (const user of [stranger, former]) {
      for (const call of calls(podcast.id, experiment.id, experiment.actions[0]!.id, practice.id)) {
        const response = await user.agent.request(call.method, call.path, call.body as never);
        expect(response.statusCode, `${call.method} ${call.path}`).toBe(404);
      }
      const bad = await user.agent.post(`/api/experiments/${experiment.id}/comments`, { content: '' });
      expect(bad.statusCode).toBe(404);
      expect(json(bad).message).toBe('Dieses Experiment gibt es nicht.');
      const badStep = await user.agent.post(`/api/experiments/actions/${experiment.actions[0]!.id}`, {
        completed: 'x',
      });
      expect(json(badStep).message).toBe('Diese Aufgabe gibt es nicht.');
    }
    expect(await eventRows(t, experiment.id)).toHaveLength(1);
  });
});

describe('plan', { timeout: 30_000 }, () => {
  it('Basic (trial over) is refused with a German 403; plain metrics stay open', async () => {
    const { owner, podcast, practice, experiment } = await setup();
    // The trial began 40 days ago.
    await t.db
      .updateTable('podcasts')
      .set({ created_at: '2026-12-20T09:00:00.000Z' })
      .where('id', '=', podcast.id)
      .execute();
    for (const call of calls(podcast.id, experiment.id, experiment.actions[0]!.id, practice.id)) {
      const response = await owner.agent.request(call.method, call.path, call.body as never);
      expect(response.statusCode, `${call.method} ${call.path}`).toBe(403);
      expect(json(response).message).toBe(PRO);
    }
    expect(await eventRows(t, experiment.id)).toHaveLength(1);
    expect((await owner.agent.post(`/api/podcasts/${podcast.id}/metrics`, { coverage: 5 })).statusCode).toBe(
      201,
    );
  });

  it("the owner's lifetime access counts as Pro, for the whole team", async () => {
    const { owner, podcast, practice, experiment } = await setup();
    await t.db
      .updateTable('podcasts')
      .set({ created_at: '2026-12-20T09:00:00.000Z' })
      .where('id', '=', podcast.id)
      .execute();
    await t.db.updateTable('users').set({ granted: 1 }).where('id', '=', owner.id).execute();
    const editor = await verifiedUser(t);
    await addMember(t, podcast.id, editor.id, 'editor');
    for (const user of [owner, editor]) {
      for (const call of calls(podcast.id, experiment.id, experiment.actions[0]!.id, practice.id).filter(
        (c) => c.method !== 'DELETE',
      )) {
        const response = await user.agent.request(call.method, call.path, call.body as never);
        expect(response.statusCode, `${call.method} ${call.path}`).toBeLessThan(300);
      }
    }
  });
});
