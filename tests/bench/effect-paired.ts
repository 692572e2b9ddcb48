// A change of the effect method ('Wirkung', src/server/audience/baseline-effect.md) judged paired:
// the method of this checkout and of another one (a `git worktree add` of main, say) answer the
// same podcasts of every scenario (tests/support/podcast-scenarios.ts, this checkout's generator
// and control series), seed by seed. Two tables of 400 podcasts differ by ±1.5 points of coverage
// by chance, and seeds differ in difficulty (1–200 are harder than 201–400), so a change of a
// podcast or two per scenario cannot be read from them; here each podcast whose verdict changed is
// counted in each direction, with McNemar's exact p for the change (2026-12-07).
// Run: npx tsx tests/bench/effect-paired.ts <other checkout> [first-last seed = 1-400] [name filter]
import { resolve } from 'node:path';
import { baselineEffect } from '../../src/server/audience/baseline-effect.ts';
import { verdictOf } from '../../src/server/audience/baseline-messages.ts';
import type { AudienceEffect } from '../../src/shared/audience.ts';
import { SCENARIOS, scenarioPodcast } from '../support/podcast-scenarios.ts';
import { controlFor } from '../support/control-podcasts.ts';
import { median, pct, signed } from './support/calibration-figures.ts';

const [other, seeds = '1-400', filter] = process.argv.slice(2);
if (!other) throw new Error('Usage: effect-paired.ts <other checkout> [first-last seed] [name filter]');
const [first, last] = seeds.split('-').map(Number) as [number, number];
const theirs = (await import(resolve(other, 'src/server/audience/baseline-effect.ts'))) as {
  baselineEffect: typeof baselineEffect;
};

/** What a podcaster is told: whether the interval holds the truth, „mehr", „weniger". */
type Told = { holds: boolean; raised: boolean; lowered: boolean; estimate: number };
function told(effect: AudienceEffect, truth: number): Told {
  const [low, high] = effect.interval!;
  const verdict = verdictOf(effect.interval);
  return {
    holds: low <= truth && truth <= high,
    raised: verdict === 'raised',
    lowered: verdict === 'lowered',
    estimate: effect.relative!,
  };
}

/** McNemar's exact test: two-sided binomial p of `lost` against `gained` discordant podcasts. */
function mcnemar(lost: number, gained: number) {
  const n = lost + gained;
  let tail = 0;
  let term = 0.5 ** n;
  for (let i = 0; i <= Math.min(lost, gained); i++) {
    tail += term;
    term *= (n - i) / (i + 1);
  }
  return Math.min(1, 2 * tail);
}

const summary = (rows: Told[]) =>
  [
    pct(rows.filter((r) => r.holds).length / rows.length),
    signed(median(rows.map((r) => r.estimate))),
    pct(rows.filter((r) => r.raised).length / rows.length),
    pct(rows.filter((r) => r.lowered).length / rows.length),
  ].join(' / ');

function discordant(ours: Told[], before: Told[], key: 'holds' | 'raised' | 'lowered') {
  const lost = before.filter((b, i) => b[key] && !ours[i]![key]).length;
  const gained = before.filter((b, i) => !b[key] && ours[i]![key]).length;
  return lost + gained === 0 ? '—' : `−${lost}/+${gained} (p ${mcnemar(lost, gained).toFixed(2)})`;
}

console.log(
  `Seeds ${first}–${last}; this checkout against ${resolve(other)}; holds / median / „mehr“ / „weniger“`,
);
console.log(
  '(with an effect, „mehr“ is the share in which it was found); discordant: lost/gained podcasts\n',
);
console.log('| scenario | other checkout | this checkout | holds | „mehr“ | „weniger“ |');
console.log('|---|---|---|---|---|---|');
for (const scenario of SCENARIOS) {
  if (filter && !new RegExp(filter).test(scenario.name)) continue;
  const ours: Told[] = [];
  const before: Told[] = [];
  for (let seed = first; seed <= last; seed++) {
    const podcast = scenarioPodcast(scenario, seed);
    const common = scenario.control ? controlFor(scenario, podcast, seed, scenario.control) : null;
    ours.push(told(baselineEffect({ ...podcast, common }), scenario.truth));
    before.push(told(theirs.baselineEffect({ ...podcast, common }), scenario.truth));
  }
  const counts = (['holds', 'raised', 'lowered'] as const).map((key) => discordant(ours, before, key));
  console.log(`| ${scenario.name} | ${summary(before)} | ${summary(ours)} | ${counts.join(' | ')} |`);
}
