// An experiment's day counts in Berlin calendar days: around midnight and both daylight-saving changes.
import { describe, expect, it } from 'vitest';
import type { Experiment } from '../../../src/shared/experiments.ts';
import { json } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addPractice, ownerWithPodcast, startExperiment } from './experiment-helpers.ts';

const t = await createTestApp();

const days = (e: Experiment) => ({
  has_started: e.has_started,
  has_ended: e.has_ended,
  days_total: e.days_total,
  days_passed: e.days_passed,
  days_left: e.days_left,
  days_progress: e.days_progress,
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
