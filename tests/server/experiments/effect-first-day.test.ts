// On an experiment's first day 'Wirkung' lacks the value before the start; its text says that an
// interim evaluation recorded that day still counts, and it does.
import { describe, expect, it } from 'vitest';
import { effectOf } from '../../../src/server/experiments/effect.ts';

const START = '2026-10-01';
const END = '2026-10-31';

describe("'Wirkung' on the first day", () => {
  it('says that an interim evaluation on the first day counts as the value before the start', () => {
    const none = effectOf([], START, END, { coverage: 'high' });
    expect(none.missing).toContain(
      'Zwischenauswertung bis einschließlich zum ersten Tag zählt als Wert vor dem Start',
    );
    const after = effectOf([{ id: 1, metric: 'coverage', value: 90, recorded_on: END }], START, END, {
      coverage: 'high',
    });
    expect(after.missing).toContain('zählt auch eine Zwischenauswertung als Wert vor dem Start');
  });

  it('counts such an evaluation: afterwards only the value after the end is missing', () => {
    const effect = effectOf([{ id: 1, metric: 'coverage', value: 100, recorded_on: START }], START, END, {
      coverage: 'high',
    });
    expect(effect.missing).toBe('Für eine Wirkung fehlt eine Auswertung nach dem Ende.');
  });
});
