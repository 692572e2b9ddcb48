// Does the promise before the start hold? For each podcast the size Kompass promises from its
// baseline („erkennt … nach 28 Tagen Veränderungen ab etwa ±18 %“, baseline-detectable.ts), then
// the same podcast with exactly that change injected into its run, up and down: how often the
// measured interval tells it from 0. The promise is kept when that happens in at least 80 %.
import { baselineEffect } from '../../../src/server/audience/baseline-effect.ts';
import { verdictOf } from '../../../src/server/audience/baseline-messages.ts';
import { promisedSize } from '../../../src/server/audience/baseline-detectable.ts';
import { RUN_DAYS, scenarioPodcast, type Scenario } from '../../support/podcast-scenarios.ts';
import { median, pct } from './calibration-figures.ts';

export function promisedSizeLine(scenario: Scenario, podcasts: number) {
  const promises: number[] = [];
  let up = 0;
  let down = 0;
  for (let seed = 1; seed <= podcasts; seed++) {
    const base = scenarioPodcast(scenario, seed);
    const size = promisedSize({
      days: base.days,
      releases: base.releases,
      today: base.start,
      runDays: RUN_DAYS,
    });
    if (size === null) throw new Error(`${scenario.name} #${seed}: no promise`);
    promises.push(size);
    const raised = baselineEffect(scenarioPodcast({ ...scenario, truth: size / 100 }, seed));
    if (verdictOf(raised.interval) === 'raised') up++;
    const lowered = baselineEffect(scenarioPodcast({ ...scenario, truth: -size / 100 }, seed));
    if (verdictOf(lowered.interval) === 'lowered') down++;
  }
  return `| ${scenario.name.replace(/, (no effect|\+5 %)$/, '')} | ±${median(promises)} % (${Math.min(...promises)}–${Math.max(...promises)}) | ${pct(up / podcasts)} | ${pct(down / podcasts)} |`;
}

/** Where a promise is made as on the form: ordinary podcasts, small, big, alike episodes (truth set per podcast). */
export const PROMISE_SCENARIOS = [
  'ordinary, no effect',
  'very small (5 a day), no effect',
  'big (30,000 a day), +5 %',
  'equal episodes, no wandering',
];

export const promisedSizeHeader = [
  '| promised size before the start (28 days) | median promise (range) | +size found | −size found |',
  '|---|---|---|---|',
];
