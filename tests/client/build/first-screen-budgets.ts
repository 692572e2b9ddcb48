// What each first screen may load before it paints (Entscheidung TST-4): the entry and the
// screen's chunks with their static imports, in bytes as the server sends them (brotli; see
// first-screen-sizes.ts), and how many scripts. `npm test` checks a fresh build against them
// (first-screen-budgets.test.ts, after the build). Raise a budget only in a commit that says why
// the screen needs the bytes before its first paint; moving code behind the paint is the usual fix.
import type { ScreenName } from '../../../src/shared/first-screens.ts';

/**
 * Each chunk's size when the budgets were last set, only to name in a failure the chunks that
 * grew since (a new chunk counts as grown from 0). Update it with the budgets.
 */
export const CHUNK_SIZES: Record<string, number> = {
  index: 114_037,
  'rolldown-runtime': 726,
  'app-layout': 2_276,
  'screen-parts': 4_551,
  queries: 7_114,
  framework: 795,
  app: 7_685,
  'dashboard-screen': 4_448,
  'practices-screens': 4_571,
  'experiment-screens': 6_600,
};

/**
 * Per screen: bytes (brotli) and scripts before its first paint, set 2026-12-06 at about 1 KB above
 * what the screens needed then (141.6–143.8 KB in 8 scripts; 155–160 KB as gzip -6 measures it,
 * the goal being ≤ 170 KB and ≤ 25 scripts).
 */
export const SCREEN_BUDGETS: Record<ScreenName, { bytes: number; scripts: number }> = {
  dashboard: { bytes: 143_000, scripts: 10 },
  practicesList: { bytes: 143_000, scripts: 10 },
  practiceOverview: { bytes: 143_000, scripts: 10 },
  experiment: { bytes: 145_000, scripts: 10 },
};
