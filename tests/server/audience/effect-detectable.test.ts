// Before an experiment, what Kompass will be able to tell: GET /api/podcasts/{id}/effect-detectable
// says, from the podcast's own downloads, from what size of change on after the planned days and
// how long ±20 % would take; without 28 days of downloads, what is missing. The experiment's
// 'Wirkung' carries the same until its first day is counted. The guard: a stranger 404, Basic 403,
// bad days a German 422.
import { describe, expect, it } from 'vitest';
import { projectReleases } from '../../../src/server/audience/baseline-detectable.ts';
import { addDays } from '../../../src/shared/calendar.ts';
import type { EffectDetectable } from '../../../src/shared/effect-detectable.ts';
import type { ExperimentEffect } from '../../../src/shared/experiment-effect.ts';
import { syntheticPodcast } from '../../support/synthetic-audience.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { json } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { storeSynthetic } from '../experiments/audience-helpers.ts';
import { addPractice, ownerWithPodcast, startExperiment } from '../experiments/experiment-helpers.ts';

const t = await createTestApp();
const NBSP = '\u00a0';

describe('GET /api/podcasts/{id}/effect-detectable', { timeout: 60_000 }, () => {
  it('says from what size on Kompass tells after the planned days, and how long ±20 % takes', async () => {
    const podcast = syntheticPodcast({ seed: 3, baselineDays: 91, runDays: 28, start: '2027-05-03' });
    t.clock.set(`${podcast.start}T08:00:00Z`);
    const { owner, podcast: created } = await ownerWithPodcast(t);
    await storeSynthetic(t, created.id, podcast);
    const response = await owner.agent.get(`/api/podcasts/${created.id}/effect-detectable?days=28`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = json<{ data: EffectDetectable }>(response).data;
    expect(answer).toMatchObject({ enough_data: true, days: 28, baseline_days: expect.any(Number) });
    expect(answer.size).toBeGreaterThan(3);
    expect(answer.size).toBeLessThan(150);
    expect(answer.message).toMatch(
      new RegExp(
        `^Mit deinen bisherigen Downloads erkennt Kompass nach 28 Tagen Veränderungen ab etwa ±${answer.size}${NBSP}%\\. `,
      ),
    );
    expect(answer.message).toMatch(
      answer.days_for_20 === null
        ? /auch nach 91 Tagen nicht sicher/
        : new RegExp(`Für Veränderungen um ±20${NBSP}% braucht es etwa ${answer.days_for_20} Tage\\.$`),
    );

    // The experiment's 'Wirkung' says it too, before the start and on the start day, not after.
    const start = addDays(podcast.start, 2);
    const experiment = await startExperiment(owner.agent, created.id, {
      practice_id: (await addPractice(t)).id,
      starts_at: start,
      ends_at: addDays(start, 13),
    });
    const effectOn = async (day: string) => {
      t.clock.set(`${day}T10:00:00Z`);
      const effect = await owner.agent.get(`/api/experiments/${experiment.id}/effect`);
      expect(effect.statusCode, effect.body).toBe(200);
      return json<{ data: ExperimentEffect }>(effect).data;
    };
    expect((await effectOn(podcast.start)).detectable?.message).toMatch(
      /nach 14 Tagen Veränderungen ab etwa ±/,
    );
    expect((await effectOn(start)).detectable?.days).toBe(14);
    expect((await effectOn(addDays(start, 1))).detectable ?? null).toBeNull();
  });

  it("says what is missing ('Zu wenig Daten')", async () => {
    t.clock.set('2027-02-01T08:00:00Z');
    const { owner, podcast } = await ownerWithPodcast(t);
    const answer = json<{ data: EffectDetectable }>(
      await owner.agent.get(`/api/podcasts/${podcast.id}/effect-detectable?days=21`),
    ).data;
    expect(answer).toMatchObject({ enough_data: false, size: null, days_for_20: null, baseline_days: 0 });
    expect(answer.message).toBe(
      'Zu wenig Daten: Um zu sagen, welche Veränderungen Kompass erkennen kann, braucht es Downloads von mindestens 28 Tagen vor dem Start; bisher gibt es keine. Verbinde OP3 oder lade unter „Hörerzahlen“ einen Export deines Hosters hoch.',
    );
  });

  it('refuses bad days in German; a stranger gets 404, a Basic podcast 403', async () => {
    t.clock.set('2027-02-01T08:00:00Z');
    const { owner, podcast } = await ownerWithPodcast(t);
    const path = `/api/podcasts/${podcast.id}/effect-detectable`;
    for (const days of ['0', 'abc', '400', '2.5']) {
      const bad = await owner.agent.get(`${path}?days=${days}`);
      expect(bad.statusCode, days).toBe(422);
      expect(json<{ message: string; errors: Record<string, string[]> }>(bad).errors.days?.[0]).toMatch(
        /Tag/,
      );
    }
    expect((await owner.agent.get(path)).statusCode).toBe(422);
    const stranger = await verifiedUser(t);
    expect((await stranger.agent.get(`${path}?days=28`)).statusCode).toBe(404);
    await t.db.updateTable('podcasts').set({ trial_days: 0 }).where('id', '=', podcast.id).execute();
    expect((await owner.agent.get(`${path}?days=28`)).statusCode).toBe(403);
  });
});

describe('the run is expected to keep the rhythm', () => {
  it('continues the median gap from the last release; a feed that stopped stays stopped', () => {
    const weekly = ['2027-01-04', '2027-01-11', '2027-01-18', '2027-01-25'];
    expect(projectReleases(weekly, '2027-01-27', '2027-02-10')).toEqual([
      ...weekly,
      '2027-02-01',
      '2027-02-08',
    ]);
    expect(projectReleases(weekly, '2027-03-15', '2027-03-30')).toEqual(weekly);
  });
});
