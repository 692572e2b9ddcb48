// Updating an experiment (logged only when something changed) and deleting it (gone from every route).
import { describe, expect, it } from 'vitest';
import type { Experiment } from '../../../src/shared/experiments.ts';
import { json } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addPractice, eventRows, ownerWithPodcast, startExperiment } from './experiment-helpers.ts';

const t = await createTestApp();

describe('update and delete', { timeout: 30_000 }, () => {
  it('logs an update only when something changed; a deleted experiment is gone from every route', async () => {
    t.clock.set('2027-07-01T08:00:00Z');
    const { owner, podcast } = await ownerWithPodcast(t);
    const practice = await addPractice(t);
    const e = await startExperiment(owner.agent, podcast.id, {
      practice_id: practice.id,
      starts_at: '2027-07-01',
      ends_at: '2027-07-10',
    });
    const form = { title: e.title, starts_at: e.starts_at, ends_at: e.ends_at, notes: null };
    t.clock.set('2027-07-02T08:00:00Z');
    // The start, already past, may stay as it is.
    expect((await owner.agent.put(`/api/experiments/${e.id}`, form)).statusCode).toBe(200);
    expect(await eventRows(t, e.id)).toHaveLength(1);
    const moved = await owner.agent.put(`/api/experiments/${e.id}`, {
      ...form,
      starts_at: '2027-07-01',
      ends_at: '2027-07-12',
    });
    expect(json<{ data: Experiment }>(moved).data.ends_at).toBe('2027-07-12');
    expect((await eventRows(t, e.id)).at(-1)).toMatchObject({
      trackable_type: 'experiment',
      event_type: 'updated',
    });
    const past = await owner.agent.put(`/api/experiments/${e.id}`, { ...form, starts_at: '2027-06-30' });
    expect(json(past).errors).toEqual({ starts_at: ['Das Experiment kann frühestens heute starten.'] });
    expect(await eventRows(t, e.id)).toHaveLength(2);

    expect((await owner.agent.delete(`/api/experiments/${e.id}`)).statusCode).toBe(204);
    expect((await eventRows(t, e.id)).at(-1)).toMatchObject({ event_type: 'deleted', user_id: owner.id });
    for (const path of [
      `/api/experiments/${e.id}`,
      `/api/experiments/${e.id}/events`,
      `/api/experiments/${e.id}/comments`,
    ]) {
      expect((await owner.agent.get(path)).statusCode).toBe(404);
    }
    expect((await owner.agent.delete(`/api/experiments/${e.id}`)).statusCode).toBe(404);
    const list = json<{ data: Experiment[] }>(
      await owner.agent.get(`/api/podcasts/${podcast.id}/experiments`),
    );
    expect(list.data).toEqual([]);
  });
});
