// Which experiments a run of the pooled effects' job reads (Entscheidung PRA-11): those that ended
// in the last 30 days at every run, every ended one at the first run of each day. Measured here
// means the job stored the experiment's contribution (without OP3 numbers: without an answer).
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { addPractice, ownerWithPodcast } from '../experiments/experiment-helpers.ts';

const t = await createTestApp();
const runJob = async () => expect(await t.jobs.pooledEvidence.runOnce()).toBe(true);
const measured = async (experimentId: number) =>
  (await t.db
    .selectFrom('practice_effect_contributions')
    .select('experiment_id')
    .where('experiment_id', '=', experimentId)
    .executeTakeFirst()) !== undefined;

describe('the pooled effects job', () => {
  it('measures what ended lately at every run and an old experiment without a contribution at the next day', async () => {
    const { owner, podcast } = await ownerWithPodcast(t);
    const practice = await addPractice(t);
    // Written as the API writes them (it starts an experiment today at the earliest).
    const experiment = async (starts_at: string, ends_at: string) =>
      t.db
        .insertInto('experiments')
        .values({
          podcast_id: podcast.id,
          practice_id: practice.id,
          user_id: owner.id,
          title: 'Gastauftritt',
          starts_at,
          ends_at,
          created_at: `${starts_at}T08:00:00.000Z`,
          updated_at: `${starts_at}T08:00:00.000Z`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const old = await experiment('2026-11-02', '2026-11-22');
    const recent = await experiment('2027-02-01', '2027-02-20');
    t.clock.set('2027-03-01T09:00:00Z');
    await runJob(); // the day's first run looks at every ended experiment
    expect([await measured(old.id), await measured(recent.id)]).toEqual([true, true]);

    // Both contributions lost (as by a restore or an import through SQL): a later run of the same
    // day reads only what ended in the last 30 days.
    await t.db.deleteFrom('practice_effect_contributions').where('podcast_id', '=', podcast.id).execute();
    t.clock.set('2027-03-01T10:00:00Z');
    await runJob();
    expect([await measured(old.id), await measured(recent.id)]).toEqual([false, true]);

    t.clock.set('2027-03-02T09:00:00Z');
    await runJob();
    expect(await measured(old.id)).toBe(true);
  });
});
