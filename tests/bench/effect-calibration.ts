// Calibration of the baseline effect ('Wirkung', src/server/audience/baseline-effect.md) on
// podcasts shaped like real ones (tests/support/podcast-scenarios.ts, built unlike the method's
// formula), scenario by scenario as in issue 55: how often the 90 % interval holds the truth, the
// median estimate and width, how often a podcast without an effect is told „mehr" or „weniger",
// how often a real effect is found; beside it a negative-binomial regression as an anchor
// (support/nb-regression.ts) and the CPU of one answer. CPU-heavy: one answer is tens of ms.
// Run: npx tsx tests/bench/effect-calibration.ts [podcasts per scenario = 400] [name filter]
// (the filter 'oracle' prints only the bound on power: support/oracle-bound.ts).
import { baselineEffect } from '../../src/server/audience/baseline-effect.ts';
import { verdictOf } from '../../src/server/audience/baseline-messages.ts';
import { BASELINE_DAYS, SCENARIOS, scenarioPodcast } from '../support/podcast-scenarios.ts';
import { controlFor } from '../support/control-podcasts.ts';
import { anchorEffect } from './support/nb-regression.ts';
import { PROMISE_SCENARIOS, promisedSizeHeader, promisedSizeLine } from './support/promised-size.ts';
import { median, pct, signed } from './support/calibration-figures.ts';
import { oracleHeader, oracleLines } from './support/oracle-bound.ts';

const PODCASTS = Number(process.argv[2] ?? 400);
const FILTER = process.argv[3];
if (FILTER === 'oracle') {
  console.log([...oracleHeader, ...oracleLines(PODCASTS)].join('\n'));
  process.exit(0);
}

type Tally = {
  covered: number;
  raised: number;
  lowered: number;
  estimates: number[];
  widths: number[];
  /** Per podcast: its width on the log scale and whether it held the truth. */
  held: { width: number; covered: boolean }[];
};
const tally = (): Tally => ({ covered: 0, raised: 0, lowered: 0, estimates: [], widths: [], held: [] });
function count(t: Tally, truth: number, relative: number, interval: readonly [number, number]) {
  const covered = interval[0] <= truth && truth <= interval[1];
  if (covered) t.covered++;
  t.held.push({ width: Math.log((1 + interval[1]) / (1 + interval[0])), covered });
  const verdict = verdictOf(interval);
  if (verdict === 'raised') t.raised++;
  if (verdict === 'lowered') t.lowered++;
  t.estimates.push(relative);
  t.widths.push(interval[1] - interval[0]);
}

/**
 * How often the narrowest, middle and widest third of the intervals hold the truth: an interval
 * whose width follows the podcast's real uncertainty holds about as often in each.
 */
function byThirds(t: Tally) {
  const sorted = [...t.held].sort((a, b) => a.width - b.width);
  const third = (k: number) =>
    sorted.slice(Math.floor((k * sorted.length) / 3), Math.floor(((k + 1) * sorted.length) / 3));
  return `${[0, 1, 2].map((k) => ((100 * third(k).filter((h) => h.covered).length) / third(k).length).toFixed(0)).join(' / ')} %`;
}

const lines = [
  '| scenario | truth | interval holds truth | by thirds of width | median estimate | median width | „mehr" | „weniger" | set aside | regression anchor: holds truth / „mehr" / „weniger" | ms CPU |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
];
console.log(`${PODCASTS} podcasts per scenario, ${BASELINE_DAYS}-day baseline, 28-day run\n`);
console.log(lines.join('\n'));
for (const scenario of SCENARIOS) {
  if (FILTER && !new RegExp(FILTER).test(scenario.name)) continue;
  const ours = tally();
  const anchor = tally();
  const cpu: number[] = [];
  let setAside = 0;
  for (let seed = 1; seed <= PODCASTS; seed++) {
    const podcast = scenarioPodcast(scenario, seed);
    const began = process.cpuUsage();
    const common = scenario.control ? controlFor(scenario, podcast, seed, scenario.control) : null;
    const result = baselineEffect({ ...podcast, common });
    const used = process.cpuUsage(began);
    cpu.push((used.user + used.system) / 1000);
    if (!result.enough_data) throw new Error(`${scenario.name} #${seed}: ${result.message}`);
    count(ours, scenario.truth, result.relative!, result.interval!);
    if (result.message?.includes('nicht berücksichtigt')) setAside++;
    const textbook = anchorEffect(podcast.days, podcast.releases, podcast.start, BASELINE_DAYS);
    count(anchor, scenario.truth, textbook.relative, textbook.interval);
  }
  const n = PODCASTS;
  const line = [
    scenario.name,
    signed(scenario.truth),
    pct(ours.covered / n),
    byThirds(ours),
    signed(median(ours.estimates)),
    `${(median(ours.widths) * 100).toFixed(0)} pts`,
    pct(ours.raised / n),
    pct(ours.lowered / n),
    pct(setAside / n),
    `${pct(anchor.covered / n)} / ${pct(anchor.raised / n)} / ${pct(anchor.lowered / n)}`,
    median(cpu).toFixed(0),
  ];
  console.log(`| ${line.join(' | ')} |`);
}

// The size promised before the start, checked on the same generator (support/promised-size.ts).
console.log(`\n${promisedSizeHeader.join('\n')}`);
for (const scenario of SCENARIOS.filter((s) => PROMISE_SCENARIOS.includes(s.name))) {
  if (FILTER && !new RegExp(FILTER).test(scenario.name)) continue;
  console.log(promisedSizeLine(scenario, PODCASTS));
}
