// The baseline's residuals as if each four-week block had been left out of the fit
// (baseline-effect.md, "What changed on 2026-12-07"). A fit's own residuals are too small over
// weeks: the level, trend, weekdays and release curve were fitted to the same days and absorb part
// of the weeks' ups and downs (an audience that was up for a month, a run of hit episodes). Drawn
// into replays that refit with the fit's priors, such residuals made the interval too narrow where
// the weeks wander (ordinary and big podcasts: 0.78 of the true spread) while the leverage widening that stood for it fitted
// only day-to-day noise (very small podcasts, too wide). Leaving a block out is one linear step
// per block (the fit's penalised information without the block's days): r_B + X_B (A − X_Bᵀ W_B X_B)⁻¹
// X_Bᵀ W_B r_B. Only a share LEFT_OUT_SHARE of that step is taken: the whole step is the error of
// a fit without the block, which is too wide where day-to-day noise dominates (very small
// podcasts at 1.2 times the true spread, a stopped feed at 1.3); half of it is the first-order
// share for noise without memory (r / √(1 − h) against r / (1 − h) for a single day), which left
// ordinary podcasts at 0.86. Three quarters is measured between them on the bench's podcasts
// (tests/bench/effect-calibration.ts, 100 a scenario: 0.5, 0.6, 0.75, 1 tried). Decided 2026-12-07.
import { FEATURES, cholesky, cholSolve, type BaselineFit } from './baseline-model.ts';

/** The replays' block length: four weeks (baseline-bootstrap.ts says why). */
export const BLOCK_DAYS = 28;

export const LEFT_OUT_SHARE = 0.75;

/** `residuals` (relative, per baseline row `x`) with each block's left-out step added, centred on 0. */
export function leftOutResiduals(fit: BaselineFit, x: number[][], residuals: number[]): number[] {
  const n = residuals.length;
  const out = [...residuals];
  for (let end = n; end > 0; end -= BLOCK_DAYS) {
    const from = Math.max(0, end - BLOCK_DAYS);
    const without = fit.info.map((row) => [...row]);
    const score = new Array<number>(FEATURES).fill(0);
    for (let t = from; t < end; t++) {
      const row = x[t]!;
      const w = fit.weight[t]!;
      for (let i = 0; i < FEATURES; i++) {
        if (row[i] === 0) continue;
        score[i]! += w * row[i]! * residuals[t]!;
        for (let j = 0; j < FEATURES; j++) without[i]![j]! -= w * row[i]! * row[j]!;
      }
    }
    const step = cholSolve(cholesky(without), score);
    for (let t = from; t < end; t++) {
      out[t] = residuals[t]! + LEFT_OUT_SHARE * x[t]!.reduce((s, v, i) => s + v * step[i]!, 0);
    }
  }
  const mean = out.reduce((s, v) => s + v, 0) / n;
  return out.map((v) => v - mean);
}
