// An experiment's comments (kept as text), its evaluations with their kind, and the timeline newest first.
import { describe, expect, it } from 'vitest';
import {
  commentResource,
  commentsResponse,
  eventsResponse,
  type Experiment,
} from '../../../src/shared/experiments.ts';
import { json } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { contract } from '../team/team-helpers.ts';
import { addPractice, eventRows, ownerWithPodcast, startExperiment } from './experiment-helpers.ts';

const t = await createTestApp();

describe('comments, evaluations and the timeline', { timeout: 30_000 }, () => {
  it('keeps comments as text, logs evaluations with their kind, and shows the timeline newest first', async () => {
    t.clock.set('2027-08-01T08:00:00Z');
    const { owner, podcast } = await ownerWithPodcast(t);
    const practice = await addPractice(t);
    const e = await startExperiment(owner.agent, podcast.id, {
      practice_id: practice.id,
      starts_at: '2027-08-01',
      ends_at: '2027-08-05',
    });
    const picture = await t.db
      .insertInto('images')
      .values({
        key: 'mara-bild',
        bytes: Buffer.from('webp'),
        mime: 'image/webp',
        created_at: '2027-08-01T08:00:00Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('users')
      .set({ name: 'Mara', image_id: picture.id })
      .where('id', '=', owner.id)
      .execute();
    const markup = '<b>Zwei</b> Anfragen raus <script>alert(1)</script>';
    const posted = contract(
      await owner.agent.post(`/api/experiments/${e.id}/comments`, { content: `  ${markup}\r\n` }),
      201,
      commentResource,
    );
    expect(posted.data.content).toBe(markup);
    expect(posted.data.user).toEqual({ name: 'Mara', image: { image_uri: '/api/images/mara-bild' } });
    const empty = await owner.agent.post(`/api/experiments/${e.id}/comments`, { content: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(json(empty).errors).toEqual({ content: ['Bitte schreibe einen Kommentar.'] });
    const long = await owner.agent.post(`/api/experiments/${e.id}/comments`, { content: 'x'.repeat(2001) });
    expect(json(long).errors).toEqual({ content: ['Höchstens 2000 Zeichen sind erlaubt.'] });
    const comments = contract(
      await owner.agent.get(`/api/experiments/${e.id}/comments`),
      200,
      commentsResponse,
    );
    expect(comments.data.map((c) => c.content)).toEqual([markup]);
    // The POST answers the comment as the list shows it (author and picture included).
    expect(comments.data).toEqual([posted.data]);
    // Comments are not part of the activity log.
    expect(await eventRows(t, e.id)).toHaveLength(1);

    t.clock.set('2027-08-03T08:00:00Z');
    const interim = await owner.agent.post(`/api/podcasts/${podcast.id}/metrics`, {
      coverage: 120,
      enjoyment: 80,
      experiment_id: e.id,
      evaluation: 'interim',
    });
    expect(interim.statusCode).toBe(201);
    expect(json<{ data: Experiment }>(await owner.agent.get(`/api/experiments/${e.id}`)).data.evaluated).toBe(
      false,
    );
    t.clock.set('2027-08-06T08:00:00Z');
    await owner.agent.post(`/api/podcasts/${podcast.id}/metrics`, {
      coverage: 140,
      experiment_id: e.id,
      evaluation: 'final',
    });
    expect(json<{ data: Experiment }>(await owner.agent.get(`/api/experiments/${e.id}`)).data.evaluated).toBe(
      true,
    );
    const rows = await t.db
      .selectFrom('podcast_metrics')
      .select(['metric', 'value', 'evaluation', 'experiment_id', 'recorded_on'])
      .where('podcast_id', '=', podcast.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        metric: 'coverage',
        value: 120,
        evaluation: 'interim',
        experiment_id: e.id,
        recorded_on: '2027-08-03',
      },
      {
        metric: 'enjoyment',
        value: 80,
        evaluation: 'interim',
        experiment_id: e.id,
        recorded_on: '2027-08-03',
      },
      { metric: 'coverage', value: 140, evaluation: 'final', experiment_id: e.id, recorded_on: '2027-08-06' },
    ]);

    const timeline = contract(await owner.agent.get(`/api/experiments/${e.id}/events`), 200, eventsResponse);
    expect(timeline.data.map((ev) => [ev.trackable_type, ev.event_type, ev.subject, ev.user?.id])).toEqual([
      ['experiment_metric', 'created', 'Abschlussauswertung', owner.id],
      ['experiment_metric', 'created', 'Zwischenauswertung', owner.id],
      ['experiment', 'created', practice.title, owner.id],
    ]);

    // The experiment must be the podcast's own, and a kind goes with it.
    const { owner: other, podcast: otherPodcast } = await ownerWithPodcast(t);
    const foreign = await other.agent.post(`/api/podcasts/${otherPodcast.id}/metrics`, {
      coverage: 1,
      experiment_id: e.id,
      evaluation: 'final',
    });
    expect(json(foreign).errors).toEqual({ experiment_id: ['Dieses Experiment gibt es nicht.'] });
    const noKind = await owner.agent.post(`/api/podcasts/${podcast.id}/metrics`, {
      coverage: 1,
      experiment_id: e.id,
    });
    expect(noKind.statusCode).toBe(422);
    expect(Object.keys(json(noKind).errors ?? {})).toEqual(['evaluation']);
    // A plain entry (the podcast's metrics screen) logs nothing.
    expect(
      (await owner.agent.post(`/api/podcasts/${podcast.id}/metrics`, { coverage: 150 })).statusCode,
    ).toBe(201);
    expect(await eventRows(t, e.id)).toHaveLength(3);
  });
});
