// What every podcast feels at once is not the experiment's: an experiment over Christmas says that
// it ran over holidays; with 20 or more other podcasts in the studio over the same days their
// combined pattern is the control (the Christmas dip they all had is taken out, and the answer
// says so); with fewer (or podcasts that keep their measurements to themselves) it says that the
// holidays count as the effect. The pieces: the holiday table and the combined pattern.
import { describe, expect, it } from 'vitest';
import { combineControl, MIN_CONTROL } from '../../../src/server/audience/baseline-control.ts';
import { baselineEffect } from '../../../src/server/audience/baseline-effect.ts';
import { easterSunday, holidaysBetween } from '../../../src/server/audience/german-holidays.ts';
import type { AudienceEffect } from '../../../src/shared/audience.ts';
import { addDays } from '../../../src/shared/calendar.ts';
import type { ExperimentEffect } from '../../../src/shared/experiment-effect.ts';
import { SCENARIOS, scenarioPodcast } from '../../support/podcast-scenarios.ts';
import { syntheticPodcast } from '../../support/synthetic-audience.ts';
import { json } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { storeSynthetic } from '../experiments/audience-helpers.ts';
import { addPractice, ownerWithPodcast, startExperiment } from '../experiments/experiment-helpers.ts';

const t = await createTestApp();
const START = '2027-12-13';
const holiday = SCENARIOS.find((s) => s.holiday && !s.control)!;

describe('the holidays', () => {
  it('knows Easter and the nationwide holidays, and the days between Christmas and New Year', () => {
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2028)).toBe('2028-04-16');
    expect(holidaysBetween('2027-03-01', '2027-06-30').map((h) => `${h.date} ${h.name}`)).toEqual([
      '2027-03-26 Karfreitag',
      '2027-03-29 Ostermontag',
      '2027-05-01 Tag der Arbeit',
      '2027-05-06 Christi Himmelfahrt',
      '2027-05-17 Pfingstmontag',
    ]);
    expect(holidaysBetween('2027-12-20', '2028-01-05').map((h) => h.date)).toEqual([
      '2027-12-24',
      '2027-12-25',
      '2027-12-26',
      '2027-12-27',
      '2027-12-28',
      '2027-12-29',
      '2027-12-30',
      '2027-12-31',
      '2028-01-01',
    ]);
  });

  it('combines at least 20 podcasts, each by its own level; one viral podcast hardly moves it', () => {
    const window = { from: '2027-01-01', baselineEnd: '2027-01-28', to: '2027-01-31' };
    const flat = (level: number, viral = false) =>
      Array.from({ length: 31 }, (_, i) => ({
        date: addDays('2027-01-01', i),
        downloads: level * (viral && i >= 28 ? 10 : 1) * (i >= 28 ? 0.7 : 1),
      }));
    expect(
      combineControl(
        Array.from({ length: MIN_CONTROL - 1 }, () => flat(100)),
        window,
      ),
    ).toBeNull();
    const podcasts = [...Array.from({ length: MIN_CONTROL }, (_, i) => flat(10 + i * 100)), flat(50, true)];
    const control = combineControl(podcasts, window)!;
    expect(control.podcasts).toBe(MIN_CONTROL + 1);
    expect(control.days[0]!.value).toBeCloseTo(1);
    expect(control.days.at(-1)!.value).toBeCloseTo(0.7);
  });
});

describe('holidays in the baseline', () => {
  it('are set aside from the fit and said: a Christmas dip does not make January look like a rise', () => {
    const podcast = syntheticPodcast({ seed: 21, baselineDays: 91, runDays: 28, start: '2028-01-10' });
    const dipped = podcast.days.map((d) =>
      d.date >= '2027-12-24' && d.date <= '2028-01-01' && d.downloads !== null
        ? { ...d, downloads: Math.round(d.downloads * 0.6) }
        : d,
    );
    const plain = baselineEffect(podcast);
    const effect = baselineEffect({ ...podcast, days: dipped });
    expect(effect.message).toContain(
      'Feiertage im Vergleichszeitraum (Heiligabend, Weihnachten, zwischen den Jahren und Neujahr) hat Kompass ausgelassen',
    );
    expect(Math.abs(effect.relative! - plain.relative!)).toBeLessThan(0.05);
    expect(effect.baseline_days).toBe(plain.baseline_days);
  });
});

async function storeScenario(podcastId: number, seed: number) {
  const podcast = scenarioPodcast(holiday, seed, { start: START });
  await storeSynthetic(t, podcastId, podcast);
  return podcast;
}

async function others(count: number, firstSeed: number) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const at = t.clock.now().toISOString();
    const { id } = await t.db
      .insertInto('podcasts')
      .values({ title: `Andere ${firstSeed + i}`, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await storeScenario(id, firstSeed + i);
    ids.push(id);
  }
  return ids;
}

describe('an experiment over Christmas', { timeout: 180_000 }, () => {
  it('takes out what 20 other podcasts felt, says so, and without them says the holidays count', async () => {
    t.clock.set(`${START}T08:00:00Z`);
    const { owner, podcast } = await ownerWithPodcast(t);
    const target = await storeScenario(podcast.id, 7);
    const experiment = await startExperiment(owner.agent, podcast.id, {
      practice_id: (await addPractice(t)).id,
      starts_at: START,
      ends_at: target.end,
    });
    t.clock.set(`${addDays(target.end, 1)}T09:00:00Z`);
    const effect = async () => {
      const response = await owner.agent.get(`/api/experiments/${experiment.id}/effect`);
      expect(response.statusCode, response.body).toBe(200);
      return json<{ data: ExperimentEffect }>(response).data.audience as AudienceEffect;
    };

    // Alone in the studio: the holidays are named and counted as the effect.
    const alone = await effect();
    expect(alone.message).toContain(
      'Das Experiment lief über Feiertage (Heiligabend, Weihnachten, zwischen den Jahren und Neujahr).',
    );
    expect(alone.message).toContain('darum zählt es hier zur Wirkung');

    // 21 others, one of which keeps its measurements to itself: 20 make the control.
    const ids = await others(21, 100);
    await t.db
      .insertInto('podcast_settings')
      .values({ podcast_id: ids[0]!, key: 'measurements_private', value: '1' })
      .execute();
    const controlled = await effect();
    expect(controlled.message).toContain(
      'Was alle Podcasts an solchen Tagen anders hören, ist herausgerechnet (verglichen mit 20 anderen Podcasts in Kompass über dieselben Tage).',
    );
    // The dip is expected now: the estimate moved up towards the truth (0) and its interval holds it.
    expect(controlled.relative!).toBeGreaterThan(alone.relative! + 0.05);
    expect(controlled.interval![0]).toBeLessThanOrEqual(0);
    expect(controlled.interval![1]).toBeGreaterThanOrEqual(0);
    const christmas = controlled.days.find((d) => d.date === '2027-12-25')!;
    const before = controlled.days.find((d) => d.date === '2027-12-18')!;
    expect(christmas.expected / alone.days.find((d) => d.date === '2027-12-25')!.expected).toBeLessThan(0.85);
    expect(before.expected / alone.days.find((d) => d.date === '2027-12-18')!.expected).toBeGreaterThan(0.9);

    // A second podcast opting out leaves 19: no control, the holidays count again.
    await t.db
      .insertInto('podcast_settings')
      .values({ podcast_id: ids[1]!, key: 'measurements_private', value: '1' })
      .execute();
    expect((await effect()).message).toContain('darum zählt es hier zur Wirkung');
  });
});
