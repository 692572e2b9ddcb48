// What the recommendation engine counts as an experiment's effect: measured downloads take the
// place of the typed goal score where both exist; raised counts as worked, no measurable
// difference as not.
import { describe, expect, it } from 'vitest';
import type { AudienceEffect } from '../../../src/shared/audience.ts';
import { effectScore } from '../../../src/server/experiments/audience-effect.ts';

const measured = (relative: number, interval: [number, number]): AudienceEffect => ({
  enough_data: true,
  message: '',
  baseline_days: 60,
  observed: 1,
  expected: 1,
  effect: 0,
  relative,
  interval,
  days: [],
});

describe('effectScore', () => {
  it('takes the measured effect in place of the typed goal score', () => {
    expect(effectScore({ goal_score: -0.4, audience: measured(0.18, [0.09, 0.27]) })).toBe(0.18);
    expect(effectScore({ goal_score: -0.4, audience: measured(0.02, [0.01, 0.04]) })).toBe(0.05);
    expect(effectScore({ goal_score: 0.6, audience: measured(0.05, [-0.03, 0.13]) })).toBe(0);
    expect(effectScore({ goal_score: 0.6, audience: measured(-0.3, [-0.4, -0.2]) })).toBe(-0.3);
    expect(effectScore({ goal_score: 0.6, audience: measured(3, [2, 4]) })).toBe(1);
  });

  it('keeps the typed goal score without a measurement', () => {
    expect(effectScore({ goal_score: 0.2, audience: null })).toBe(0.2);
    const missing = { ...measured(0, [0, 0]), enough_data: false, relative: null, interval: null };
    expect(effectScore({ goal_score: 0.2, audience: missing })).toBe(0.2);
    expect(effectScore(undefined)).toBeNull();
  });
});
