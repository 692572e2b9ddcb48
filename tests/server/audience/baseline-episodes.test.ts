// Each baseline episode its own size (src/server/audience/baseline-episodes.ts): a hit among
// average episodes is found again from its first days, a dud reads smallest, the sizes average 1, and where
// every episode is alike the sizes stay 1 and the replays draw no episode spread.
import { describe, expect, it } from 'vitest';
import { episodeSizes, runEpisodeShifts } from '../../../src/server/audience/baseline-episodes.ts';
import { fitBest } from '../../../src/server/audience/baseline-model.ts';
import { addDays } from '../../../src/shared/calendar.ts';

const START = '2027-03-01';
const FROM = addDays(START, -91);

/** 400 a day plus each episode's bump (1,200 on its day, fading by e every 2 days) times its size. */
function podcast(sizes: number[]) {
  const releases = sizes.map((_, i) => addDays(FROM, 3 + 7 * i));
  const days = Array.from({ length: 91 }, (_, t) => addDays(FROM, t));
  const y = days.map((date) => {
    let bump = 0;
    releases.forEach((r, i) => {
      const since = (Date.parse(date) - Date.parse(r)) / 86_400_000;
      if (since >= 0) bump += 1200 * sizes[i]! * Math.exp(-since / 2);
    });
    return Math.round(400 + bump);
  });
  const first = fitBest(days, START, releases, y);
  return { releases, days, found: episodeSizes(first.fit, first.shape, days, y, START, releases), first };
}

describe('each baseline episode its own size', () => {
  it('finds a hit and a dud among average episodes', () => {
    const truth = [1, 1, 1, 3, 1, 1, 0.3, 1, 1, 1, 1, 1];
    const { found } = podcast(truth);
    expect(found.sizes[3]).toBeGreaterThan(1.8);
    // A dud's few downloads are noisier on the log scale, so it is shrunk more than a hit.
    expect(found.sizes[6]).toBeLessThan(0.8);
    expect(Math.min(...found.sizes)).toBe(found.sizes[6]);
    const seen = found.sizes.slice(0, 12);
    expect(seen.reduce((s, v) => s + v, 0) / seen.length).toBeCloseTo(1, 5);
    expect(found.spread).toBeGreaterThan(0.2);
  });

  it('leaves alike episodes at 1 and draws no spread for the run', () => {
    const { found, releases, first } = podcast(Array.from({ length: 12 }, () => 1));
    for (const size of found.sizes) expect(size).toBeCloseTo(1, 1);
    const run = [...releases, addDays(START, 2)];
    const shifts = runEpisodeShifts(
      [START, addDays(START, 2)],
      START,
      run,
      { ...found, sizes: [...found.sizes, 1] },
      first.shape,
    );
    if (found.spread === 0) expect(shifts).toBeNull();
    else expect(found.spread).toBeLessThan(0.05);
  });
});
