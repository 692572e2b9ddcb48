// Starting an experiment from a method: the copied title and steps, the created entry, start and end days in Berlin.
import { describe, expect, it } from 'vitest';
import { experimentResource, type Experiment } from '../../../src/shared/experiments.ts';
import { json } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { contract } from '../team/team-helpers.ts';
import { addPractice, eventRows, ownerWithPodcast, startExperiment } from './experiment-helpers.ts';

const t = await createTestApp();

describe('starting an experiment', { timeout: 30_000 }, () => {
  it('copies the method: title by default, its current steps with links, a created entry by the user', async () => {
    t.clock.set('2027-01-05T10:00:00Z');
    const { owner, podcast } = await ownerWithPodcast(t);
    const practice = await addPractice(t);
    const response = await owner.agent.post(`/api/podcasts/${podcast.id}/experiments`, {
      practice_id: practice.id,
      starts_at: '2027-01-05',
      ends_at: '2027-01-18',
      notes: 'Erst mal zwei Shows anfragen',
    });
    const { data } = contract(response, 201, experimentResource);
    expect(data).toMatchObject({
      title: practice.title,
      notes: 'Erst mal zwei Shows anfragen',
      practice: { id: practice.id, title: practice.title },
      user: { id: owner.id },
      podcast: { id: podcast.id },
      starts_at: '2027-01-05',
      ends_at: '2027-01-18',
      evaluated: false,
    });
    expect(data.actions.map((a) => [a.description, a.completed, a.has_link, a.link_label])).toEqual([
      ['Passende Podcasts finden', false, false, null],
      ['Anfrage schreiben', false, true, 'Vorlage'],
      ['Aufnahme bewerben', false, false, null],
    ]);
    expect(data.actions[1]!.link_target).toBe('https://example.org/vorlage');
    expect(await eventRows(t, data.id)).toEqual([
      { trackable_type: 'experiment', trackable_id: data.id, event_type: 'created', user_id: owner.id },
    ]);
    const shown = contract(await owner.agent.get(`/api/experiments/${data.id}`), 200, experimentResource);
    expect(shown.data).toEqual(data);

    // The own title wins; the method's later edits change no running experiment.
    const own = await startExperiment(owner.agent, podcast.id, {
      practice_id: practice.id,
      title: 'Drei Gastauftritte',
      starts_at: '2027-01-06',
      ends_at: '2027-01-07',
    });
    expect(own.title).toBe('Drei Gastauftritte');
    await t.db
      .updateTable('practice_actions')
      .set({ description: 'Geändert' })
      .where('practice_id', '=', practice.id)
      .execute();
    const again = json<{ data: Experiment }>(await owner.agent.get(`/api/experiments/${own.id}`)).data;
    expect(again.actions.map((a) => a.description)).toContain('Passende Podcasts finden');
  });

  it('starts today or later in Berlin, ends after the start, from a method that exists', async () => {
    // 23:30 UTC on 10 January is already 11 January in Berlin.
    t.clock.set('2027-01-10T23:30:00Z');
    const { owner, podcast } = await ownerWithPodcast(t);
    const practice = await addPractice(t);
    const post = (body: Record<string, unknown>) =>
      owner.agent.post(`/api/podcasts/${podcast.id}/experiments`, { practice_id: practice.id, ...body });

    const yesterday = await post({ starts_at: '2027-01-10', ends_at: '2027-01-20' });
    expect(yesterday.statusCode).toBe(422);
    expect(json(yesterday).errors).toEqual({ starts_at: ['Das Experiment kann frühestens heute starten.'] });
    expect((await post({ starts_at: '2027-01-11', ends_at: '2027-01-20' })).statusCode).toBe(201);

    const sameDay = await post({ starts_at: '2027-01-12', ends_at: '2027-01-12' });
    expect(json(sameDay).errors).toEqual({ ends_at: ['Das Enddatum muss nach dem Startdatum liegen.'] });
    const missing = await post({ starts_at: '', ends_at: 'morgen' });
    expect(json(missing).errors).toMatchObject({
      starts_at: ['Bitte gib ein Startdatum ein.'],
      ends_at: ['Bitte gib ein Datum im Format JJJJ-MM-TT ein.'],
    });
    const noMethod = await owner.agent.post(`/api/podcasts/${podcast.id}/experiments`, {
      practice_id: 999_999,
      starts_at: '2027-01-12',
      ends_at: '2027-01-13',
    });
    expect(json(noMethod).errors).toEqual({ practice_id: ['Diese Methode gibt es nicht.'] });
    const tooLong = await post({ title: 'x'.repeat(121), starts_at: '2027-01-12', ends_at: '2027-01-13' });
    expect(json(tooLong).errors?.title).toEqual(['Höchstens 120 Zeichen sind erlaubt.']);
  });
});
