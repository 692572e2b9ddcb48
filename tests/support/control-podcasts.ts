// The control series of a scenario podcast (src/server/audience/baseline-control.ts): `count`
// other podcasts of the same scenario, without an effect, over the same days, combined and
// measured by the server's own code, as control-series.ts does with the studio's podcasts.
import { combineControl } from '../../src/server/audience/baseline-control.ts';
import { BASELINE_MAX } from '../../src/server/audience/baseline-effect.ts';
import { measureControl } from '../../src/server/audience/control-series.ts';
import { addDays } from '../../src/shared/calendar.ts';
import { scenarioPodcast, type Scenario } from './podcast-scenarios.ts';
import type { SyntheticPodcast } from './synthetic-audience.ts';

export function controlFor(scenario: Scenario, podcast: SyntheticPodcast, seed: number, count: number) {
  const others = Array.from({ length: count }, (_, i) =>
    scenarioPodcast({ ...scenario, truth: 0 }, 1_000_000 + seed * count + i, { start: podcast.start }),
  );
  const control = combineControl(
    others.map((o) => o.days),
    { from: addDays(podcast.start, -BASELINE_MAX), baselineEnd: addDays(podcast.start, -1), to: podcast.end },
  );
  return measureControl(control, { start: podcast.start, end: podcast.end });
}
