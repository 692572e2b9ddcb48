// §9: a progress bar is capped to 0–100 and reads 0 when value or max is not positive.
import { expect, it } from 'vitest';
import { progressPercent } from '../../../src/client/components/progress-bar.tsx';

it('is the share of max in percent', () => {
  expect(progressPercent(12, 30)).toBe(40);
  expect(progressPercent(30, 30)).toBe(100);
});

it('never goes above 100', () => {
  expect(progressPercent(45, 30)).toBe(100);
});

it('is 0 when value or max is not positive (or not a number)', () => {
  for (const [value, max] of [
    [0, 30],
    [-5, 30],
    [10, 0],
    [10, -30],
    [Number.NaN, 30],
    [10, Number.NaN],
  ]) {
    expect(progressPercent(value!, max!), `${value} of ${max}`).toBe(0);
  }
});
