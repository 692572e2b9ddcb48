// Experiments through the API (issue 9): starting one from a method, its day counts in Berlin
// calendar days (around midnight and the daylight-saving changes), the running/ended split,
// action steps (toggle, explicit `completed`, 'Alles erledigt'), comments, evaluations, and the
// activity log: one entry per change, written with it, none without a change.
import { describe, expect, it } from 'vitest';
import {
  commentResource,
  commentsResponse,
  eventsResponse,
  experimentResource,
  experimentsResponse,
  type Experiment,
} from '../../../src/shared/experiments.ts';
import { json } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { contract } from '../team/team-helpers.ts';
import { addPractice, eventRows, ownerWithPodcast, startExperiment } from './experiment-helpers.ts';

const t = await createTestApp();

const days = (e: Experiment) => ({
  has_started: e.has_started,
  has_ended: e.has_ended,
  days_total: e.days_total,
  days_passed: e.days_passed,
  days_left: e.days_left,
  days_progress: e.days_progress,
});

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

describe('day counts in Berlin', { timeout: 30_000 }, () => {
  it('around midnight and the spring change to summer time', async () => {
    t.clock.set('2027-03-20T12:00:00Z');
    const { owner, podcast } = await ownerWithPodcast(t);
    const practice = await addPractice(t);
    // 26 to 29 March 2027; summer time starts in the night to Sunday 28 March.
    const e = await startExperiment(owner.agent, podcast.id, {
      practice_id: practice.id,
      starts_at: '2027-03-26',
      ends_at: '2027-03-29',
    });
    const at = async (instant: string) => {
      t.clock.set(instant);
      return days(json<{ data: Experiment }>(await owner.agent.get(`/api/experiments/${e.id}`)).data);
    };
    // 23:59 CET on 25 March: not yet.
    expect(await at('2027-03-25T22:59:00Z')).toEqual({
      has_started: false,
      has_ended: false,
      days_total: 4,
      days_passed: 0,
      days_left: 4,
      days_progress: 0,
    });
    // 00:00 CET on 26 March: day 1.
    expect(await at('2027-03-25T23:00:00Z')).toMatchObject({
      has_started: true,
      days_passed: 1,
      days_left: 3,
    });
    // 23:59 CEST on 28 March (the short day): day 3.
    expect(await at('2027-03-28T21:59:00Z')).toMatchObject({
      days_passed: 3,
      days_left: 1,
      days_progress: 75,
    });
    // 23:59 CEST on 29 March, the last day: still running.
    expect(await at('2027-03-29T21:59:00Z')).toMatchObject({
      has_ended: false,
      days_passed: 4,
      days_left: 0,
    });
    // 00:00 CEST on 30 March: ended.
    expect(await at('2027-03-29T22:00:00Z')).toEqual({
      has_started: true,
      has_ended: true,
      days_total: 4,
      days_passed: 4,
      days_left: 0,
      days_progress: 100,
    });
  });

  it('around the autumn change back to winter time', async () => {
    t.clock.set('2027-10-20T12:00:00Z');
    const { owner, podcast } = await ownerWithPodcast(t);
    const practice = await addPractice(t);
    // Winter time starts in the night to Sunday 31 October 2027 (a 25-hour day).
    const e = await startExperiment(owner.agent, podcast.id, {
      practice_id: practice.id,
      starts_at: '2027-10-30',
      ends_at: '2027-11-01',
    });
    const at = async (instant: string) => {
      t.clock.set(instant);
      return days(json<{ data: Experiment }>(await owner.agent.get(`/api/experiments/${e.id}`)).data);
    };
    expect(await at('2027-10-29T21:59:00Z')).toMatchObject({
      has_started: false,
      days_total: 3,
      days_passed: 0,
    });
    expect(await at('2027-10-29T22:00:00Z')).toMatchObject({ has_started: true, days_passed: 1 });
    // 23:30 CET on 31 October: the long day is still day 2.
    expect(await at('2027-10-31T22:30:00Z')).toMatchObject({
      days_passed: 2,
      days_left: 1,
      days_progress: 67,
    });
    expect(await at('2027-10-31T23:00:00Z')).toMatchObject({ days_passed: 3, has_ended: false });
    expect(await at('2027-11-01T23:00:00Z')).toMatchObject({ has_ended: true, days_left: 0 });
  });
});

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
    await t.db.updateTable('users').set({ name: 'Mara' }).where('id', '=', owner.id).execute();
    const markup = '<b>Zwei</b> Anfragen raus <script>alert(1)</script>';
    const posted = contract(
      await owner.agent.post(`/api/experiments/${e.id}/comments`, { content: `  ${markup}\r\n` }),
      201,
      commentResource,
    );
    expect(posted.data.content).toBe(markup);
    expect(posted.data.user.name).toBe('Mara');
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
