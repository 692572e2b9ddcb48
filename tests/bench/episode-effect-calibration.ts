// Calibration of the per-episode comparison ('Wirkung', „Je Folge“: src/server/audience/
// episode-effect.ts) on episodes shaped like real ones (tests/support/episode-scenarios.ts), per
// scenario and age: how often the 90 % interval holds the truth, the median estimate and width, how
// often a podcast without an effect is told „mehr" or „weniger", how often a real effect is found,
// and for how many podcasts there was enough to compare. Cheap: microseconds per podcast.
// Run: npx tsx tests/bench/episode-effect-calibration.ts [podcasts per scenario = 2000] [name filter]
import { episodeEffect, EFFECT_AGES } from '../../src/server/audience/episode-effect.ts';
import { EPISODE_SCENARIOS, episodeScenarioPodcast } from '../support/episode-scenarios.ts';
import { median, pct, signed } from './support/calibration-figures.ts';

const PODCASTS = Number(process.argv[2] ?? 2000);
const FILTER = process.argv[3];

/** Coverage and verdict rates of one scenario at one age (exported for the calibration test). */
export function calibrate(scenarioName: string, age: number, podcasts: number) {
  const scenario = EPISODE_SCENARIOS.find((s) => s.name === scenarioName)!;
  let measured = 0;
  let covered = 0;
  let raised = 0;
  let lowered = 0;
  const estimates: number[] = [];
  const widths: number[] = [];
  for (let seed = 1; seed <= podcasts; seed++) {
    const podcast = episodeScenarioPodcast(scenario, seed);
    const c = episodeEffect(podcast.episodes, podcast.start, podcast.end)?.comparisons.find(
      (x) => x.age === age,
    );
    if (!c) continue;
    measured++;
    if (c.interval[0] <= scenario.truth && scenario.truth <= c.interval[1]) covered++;
    if (c.interval[0] > 0) raised++;
    if (c.interval[1] < 0) lowered++;
    estimates.push(c.relative);
    widths.push(c.interval[1] - c.interval[0]);
  }
  return {
    truth: scenario.truth,
    measured,
    coverage: covered / measured,
    raised: raised / measured,
    lowered: lowered / measured,
    median: median(estimates),
    width: median(widths),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`${PODCASTS} podcasts per scenario, a year of episodes before a 28-day run\n`);
  console.log(
    '| scenario | age | truth | compared | interval holds truth | median estimate | median width | „mehr" | „weniger" |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const scenario of EPISODE_SCENARIOS) {
    if (FILTER && !new RegExp(FILTER).test(scenario.name)) continue;
    for (const age of EFFECT_AGES) {
      const r = calibrate(scenario.name, age, PODCASTS);
      const line = [
        scenario.name,
        `${age} Tage`,
        signed(r.truth),
        pct(r.measured / PODCASTS),
        pct(r.coverage),
        signed(r.median),
        `${(r.width * 100).toFixed(0)} pts`,
        pct(r.raised),
        pct(r.lowered),
      ];
      console.log(`| ${line.join(' | ')} |`);
    }
  }
}
