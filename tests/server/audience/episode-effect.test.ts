// The per-episode side of 'Wirkung': an experiment's episodes against the episodes before at the
// same age. Calibrated on the bench's generator (tests/support/episode-scenarios.ts, known truth):
// over 300 podcasts each (seeds 1–300) the 90 % interval holds the truth in 85–95 % at 7 and at 30
// days, without an effect, with +20 % and with an audience growing 10 % a month (the plain ratio of
// geometric means said +19 % there), and the median estimate lies within 4 points of the truth.
// On the database: an experiment whose episodes an upload counted gets `episodes` with both ages.
import { describe, expect, it } from 'vitest';
import { storeEpisodeCounts } from '../../../src/server/audience/episode-counts.ts';
import { episodeEffect } from '../../../src/server/audience/episode-effect.ts';
import { addDays } from '../../../src/shared/calendar.ts';
import { loadEffects } from '../../../src/server/experiments/effect.ts';
import { calibrate } from '../../bench/episode-effect-calibration.ts';
import { audienceSource } from '../helpers/audience-source.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addPractice, ownerWithPodcast, startExperiment } from '../experiments/experiment-helpers.ts';

const PODCASTS = 300;

describe('per-episode comparison on episodes shaped like real ones', () => {
  for (const name of ['ordinary, no effect', 'ordinary, +20 %', 'growth +10 % a month, no effect']) {
    it(`holds its 90 % interval: ${name}`, () => {
      for (const age of [7, 30]) {
        const r = calibrate(name, age, PODCASTS);
        console.log(name, age, r);
        expect(r.measured).toBeGreaterThan(0.9 * PODCASTS);
        expect(r.coverage).toBeGreaterThanOrEqual(0.85);
        expect(r.coverage).toBeLessThanOrEqual(0.95);
        expect(Math.abs(r.median - r.truth)).toBeLessThanOrEqual(0.04);
      }
    });
  }

  it('says what is missing with too few episodes', () => {
    const counts = (n: number) => new Map([[7, n]]);
    const before = Array.from({ length: 8 }, (_, i) => ({
      published_on: addDays('2026-06-01', -7 * (i + 1)),
      counts: counts(100),
    }));
    const one = episodeEffect(
      [...before, { published_on: '2026-06-03', counts: counts(120) }],
      '2026-06-01',
      '2026-06-28',
    );
    expect(one?.comparisons).toEqual([]);
    expect(one?.message).toContain('eine Folge');
    expect(episodeEffect([], '2026-06-01', '2026-06-28')).toBeNull();
  });
});

describe('the effect of an experiment → episodes', { timeout: 60_000 }, () => {
  it("compares the run's episodes with the ones before, at 7 and 30 days", async () => {
    const t = await createTestApp();
    const start = '2027-03-01';
    const end = '2027-03-28';
    t.clock.set(`${start}T08:00:00Z`);
    const { owner, podcast } = await ownerWithPodcast(t);
    const experiment = await startExperiment(owner.agent, podcast.id, {
      practice_id: (await addPractice(t)).id,
      starts_at: start,
      ends_at: end,
    });
    // 20 weekly episodes before (about 100 in 7 days, 200 in 30), 4 in the run at twice that.
    const days = [
      ...Array.from({ length: 20 }, (_, i) => addDays(start, -7 * (i + 1) + 2)),
      ...[2, 9, 16, 23].map((d) => addDays(start, d)),
    ];
    await t.db
      .insertInto('episodes')
      .values(
        days.map((day, i) => ({
          podcast_id: podcast.id,
          guid: `g${i}`,
          title: `Folge ${i}`,
          published_at: `${day}T06:00:00.000Z`,
        })),
      )
      .execute();
    const sourceId = await audienceSource(t, podcast.id, 'upload', start);
    await storeEpisodeCounts(
      t.db,
      { podcastId: podcast.id, sourceId },
      days.map((day, i) => {
        const lift = day >= start ? 2 : 1;
        const wobble = 1 + ((i * 7) % 5) / 20;
        return {
          line: i + 2,
          guid: `g${i}`,
          title: null,
          published_on: null,
          counts: new Map([
            [7, Math.round(100 * lift * wobble)],
            [30, Math.round(200 * lift * wobble)],
          ]),
        };
      }),
    );
    // Every age of the run's last episode lived (its 30 days end on 22 April).
    const effects = await loadEffects(
      t.db,
      podcast.id,
      [{ id: experiment.id, starts_at: start, ends_at: end }],
      '2027-04-23',
    );
    const { episodes } = effects.get(experiment.id)!;
    expect(episodes?.comparisons.map((c) => [c.age, c.run_episodes, c.before_episodes])).toEqual([
      [7, 4, 20],
      [30, 4, 20],
    ]);
    for (const c of episodes!.comparisons) {
      expect(c.relative).toBeGreaterThan(0.8);
      expect(c.relative).toBeLessThan(1.2);
      expect(c.interval[0]).toBeGreaterThan(0);
    }
    expect(episodes?.message).toMatch(
      /^Je Folge: \+\d+ % Downloads \(4 Folgen aus der Laufzeit gegen die 20 davor/,
    );
  });
});
