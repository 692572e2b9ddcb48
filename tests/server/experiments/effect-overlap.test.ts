// Two experiments of one podcast over the same days: the downloads cannot tell which moved them,
// so each one's measured effect says that it belongs to both; an experiment alone on its days
// (the other deleted) says nothing of the kind.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../src/shared/calendar.ts';
import type { ExperimentEffect } from '../../../src/shared/experiment-effect.ts';
import { syntheticPodcast } from '../../support/synthetic-audience.ts';
import { json } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { storeSynthetic } from './audience-helpers.ts';
import { addPractice, ownerWithPodcast, startExperiment } from './experiment-helpers.ts';

const t = await createTestApp();

describe('an effect two experiments share', { timeout: 60_000 }, () => {
  it('says in each that the effect belongs to both, and no longer once the other is deleted', async () => {
    const synthetic = syntheticPodcast({ seed: 5, baselineDays: 84, runDays: 28, start: '2027-05-03' });
    t.clock.set(`${synthetic.start}T08:00:00Z`);
    const { owner, podcast } = await ownerWithPodcast(t);
    await storeSynthetic(t, podcast.id, synthetic);
    const practice = (await addPractice(t)).id;
    const start = (title: string, starts_at: string, ends_at: string) =>
      startExperiment(owner.agent, podcast.id, { practice_id: practice, title, starts_at, ends_at });
    const first = await start('Gastauftritt', synthetic.start, addDays(synthetic.start, 13));
    const second = await start('Neues Cover', addDays(synthetic.start, 7), synthetic.end);
    t.clock.set(`${addDays(synthetic.end, 1)}T09:00:00Z`);

    const effectOf = async (id: number) => {
      const response = await owner.agent.get(`/api/experiments/${id}/effect`);
      expect(response.statusCode, response.body).toBe(200);
      return json<{ data: ExperimentEffect }>(response).data.audience!;
    };
    const a = await effectOf(first.id);
    expect(a.enough_data).toBe(true);
    expect(a.message).toContain(
      'Zur selben Zeit lief auch das Experiment „Neues Cover“: Die Wirkung gehört zu beiden Experimenten, Kompass kann sie nicht aufteilen.',
    );
    const b = await effectOf(second.id);
    expect(b.message).toContain('Zur selben Zeit lief auch das Experiment „Gastauftritt“');

    // 'Was hat gewirkt?' reads the same answer.
    const list = json<{ data: { experiment: { id: number }; effect: ExperimentEffect }[] }>(
      await owner.agent.get(`/api/podcasts/${podcast.id}/effects`),
    ).data;
    expect(list.find((e) => e.experiment.id === first.id)!.effect.audience!.message).toContain(
      '„Neues Cover“',
    );

    // Deleted, it no longer shares the effect.
    expect((await owner.agent.delete(`/api/experiments/${second.id}`)).statusCode).toBeLessThan(300);
    expect((await effectOf(first.id)).message).not.toContain('Zur selben Zeit');
  });
});
