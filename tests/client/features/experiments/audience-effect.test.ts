// The 'Wirkung' card's downloads in German a podcaster reads: 'Kein messbarer Unterschied' says
// what it means for the show and keeps its interval, every figure has the one minus sign „−“ and
// a non-breaking space before „%“, and the table's number columns stand apart.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  AudienceEffectPanel,
  audienceHeadline,
  audienceVerdict,
} from '../../../../src/client/features/experiments/components/audience-effect.tsx';
import type { AudienceEffect } from '../../../../src/shared/audience.ts';

const NBSP = '\u00a0';

const effect = (relative: number, interval: [number, number]): AudienceEffect => ({
  enough_data: true,
  message: 'Satz des Servers.',
  baseline_days: 91,
  observed: 9_610,
  expected: 10_012.4,
  effect: -402.4,
  relative,
  interval,
  days: [{ date: '2027-03-01', observed: 1_204, expected: 1_250.2, low: 1_010, high: 1_480 }],
});

/** No hyphen as a minus, no breakable space or none at all before „%“. */
function expectGermanFigures(text: string) {
  expect(text).not.toMatch(/-\d/);
  expect(text).not.toMatch(/ %/);
  expect(text).not.toMatch(/\d%/);
}

describe("the card's verdict", () => {
  it("says what 'Kein messbarer Unterschied' means for the show, with its interval", () => {
    const none = effect(-0.01, [-0.04, 0.02]);
    expect(audienceVerdict(none)).toBe(
      `Kein messbarer Unterschied: im Rahmen der üblichen Schwankung, −1${NBSP}% (90${NBSP}%: −4${NBSP}% bis +2${NBSP}%)`,
    );
    expect(audienceHeadline(none)).toBe('Kein messbarer Unterschied');
    expectGermanFigures(audienceVerdict(effect(-0.12, [-0.2, -0.05])));
    expect(audienceHeadline(effect(-0.12, [-0.2, -0.05]))).toBe(
      `Weniger Downloads als erwartet: −12${NBSP}%`,
    );
  });

  it('writes every figure of the panel with „−“ and a non-breaking space before „%“', () => {
    const html = renderToStaticMarkup(
      createElement(AudienceEffectPanel, { audience: effect(-0.04, [-0.1, 0.03]) }),
    );
    const text = html.replace(/<[^>]+>/g, '');
    expect(text).toContain('erwartet waren 10.012 (−402)');
    expect(text).toContain(`(90${NBSP}%)`);
    expectGermanFigures(text);
  });

  it('keeps the table header „Beobachtet“ and „Erwartet“ apart', () => {
    const html = renderToStaticMarkup(
      createElement(AudienceEffectPanel, { audience: effect(0.2, [0.1, 0.3]) }),
    );
    for (const header of ['Beobachtet', 'Erwartet']) {
      const cell = new RegExp(`<th scope="col" class="([^"]*)">${header}</th>`).exec(html);
      expect(cell, header).not.toBeNull();
      expect(cell![1]).toMatch(/\bpl-\d/);
    }
  });
});
