// Days far above the baseline's pattern (a mention in a big show, a viral week): set aside before
// the fit, so that three days at ×5 neither lift the expectation nor widen the interval (with
// them in, an ordinary podcast's estimate fell by 9 points and its interval doubled). A day
// is unusual when its downloads lie more than UNUSUAL_SPREAD robust deviations (1.4826 × the median
// absolute deviation of log(observed / fitted)) above the fit and at least UNUSUAL_RATIO times it;
// a hit episode's release day stays well below both on the bench (tests/bench/effect-calibration.ts
// sets aside a day on 2–3 % of ordinary podcasts, all three viral days on most). The fit is redone
// without them and the days are judged again against it (twice at most), as the first fit was
// pulled up by them. Only highs: a low day (an outage) is the pattern's own
// ups and downs. At most MAX_SET_ASIDE days, the most extreme first. Decided 2026-12-06.
const UNUSUAL_SPREAD = 3;
const UNUSUAL_RATIO = 2.5;
const MAX_SET_ASIDE = 7;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Indices of the baseline days to set aside, given observed `y` and the fit's `mu`. */
export function unusualDays(y: readonly number[], mu: readonly number[]): number[] {
  const deviation = y.map((v, t) => Math.log((v + 0.5) / (mu[t]! + 0.5)));
  const centre = median(deviation);
  const spread = 1.4826 * median(deviation.map((d) => Math.abs(d - centre)));
  const limit = centre + Math.max(UNUSUAL_SPREAD * spread, Math.log(UNUSUAL_RATIO));
  const found = new Set(deviation.flatMap((d, t) => (d > limit ? [t] : [])));
  // A mention lasts a few days and fades: a day beside one set aside needs only half the margin
  // (without it, one of a viral week's three days stayed in the baseline in one podcast of eight and
  // pulled its estimate; 2026-12-07).
  const beside = centre + Math.max((UNUSUAL_SPREAD / 2) * spread, Math.log(UNUSUAL_RATIO) / 2);
  for (let grown = true; grown && found.size > 0 && found.size < MAX_SET_ASIDE;) {
    grown = false;
    for (const t of [...found]) {
      for (const next of [t - 1, t + 1]) {
        if (next < 0 || next >= deviation.length || found.has(next) || deviation[next]! <= beside) continue;
        found.add(next);
        grown = true;
      }
    }
  }
  return [...found].sort((a, b) => deviation[b]! - deviation[a]!).slice(0, MAX_SET_ASIDE);
}
