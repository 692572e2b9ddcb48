// What 'Wirkung' says in words: 'Kein messbarer Unterschied' tells what it means for the show and
// that Kompass could not tell (not that nothing changed), from what size on it would have, and
// keeps the interval; every figure with the one minus sign „−“ and a non-breaking space before
// „%“; on the start day the first day is still being counted (not „noch nicht begonnen“).
import { describe, expect, it } from 'vitest';
import { baselineEffect } from '../../../src/server/audience/baseline-effect.ts';
import { detectable, effectMessage } from '../../../src/server/audience/baseline-messages.ts';
import { addDays } from '../../../src/shared/calendar.ts';

const NBSP = '\u00a0';

/** No hyphen as a minus, no breakable space before „%“. */
function expectGermanFigures(text: string) {
  expect(text).not.toMatch(/-\d/);
  expect(text).not.toMatch(/ %/);
  expect(text).not.toMatch(/\d%/);
}

describe("'Kein messbarer Unterschied'", () => {
  const message = effectMessage(0.03, [-0.06, 0.12], null);

  it('says what it means for the show, that Kompass could not tell, and from what size on', () => {
    expect(message).toMatch(/^Kein messbarer Unterschied: /);
    expect(message).toContain('Die Downloads lagen im Rahmen dessen, was dein Podcast ohnehin schwankt');
    expect(message).toContain('Das heißt nicht, dass sich nichts verändert hat');
    expect(message).toContain(
      `Erkennbar wäre eine Veränderung ab etwa ±${detectable([-0.06, 0.12], 0.03)}${NBSP}%.`,
    );
  });

  it('keeps the interval, written with „−“ and non-breaking spaces', () => {
    expect(message).toContain(`90${NBSP}%-Intervall: −6${NBSP}% bis +12${NBSP}%`);
    expectGermanFigures(message);
    expectGermanFigures(effectMessage(-0.12, [-0.2, -0.04], null));
    expectGermanFigures(effectMessage(0.18, [0.09, 0.27], { seen: 9, of: 28, running: true }));
  });

  it('promises a size that an interval this wide tells from 0 four times in five (90 in 100 on paper)', () => {
    // Half-width 0.1 on the log scale: 0.1 × 2.927 / 1.645 = 0.178 → +19.5 %, rounded up.
    expect(detectable([Math.exp(-0.1) - 1, Math.exp(0.1) - 1])).toBe(20);
  });
});

describe('the start day', () => {
  const START = '2027-03-01';
  const days = Array.from({ length: 60 }, (_, i) => ({
    date: addDays(START, i - 59),
    downloads: 100 + (i % 7),
  }));
  const input = { days, releases: [], start: START, end: addDays(START, 20) };

  it('says that the first day is still being counted', () => {
    const effect = baselineEffect({ ...input, today: START });
    expect(effect.enough_data).toBe(false);
    expect(effect.message).not.toContain('noch nicht begonnen');
    expect(effect.message).toContain(
      'Heute ist der erste Tag des Experiments, seine Downloads werden noch gezählt.',
    );
  });

  it('before it, that the experiment has not begun', () => {
    const effect = baselineEffect({ ...input, today: addDays(START, -2) });
    expect(effect.message).toBe('Zu wenig Daten: Das Experiment hat noch nicht begonnen.');
  });
});
