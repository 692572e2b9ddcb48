// The textbook anchor beside the baseline effect in tests/bench/effect-calibration.ts: one
// negative-binomial regression (log link) over the baseline and the run together, with a level,
// weekday dummies, a linear trend, release terms (a release that day, the day before, two days
// before) and an experiment indicator on the run's days; its 90 % Wald interval of
// exp(β_experiment) − 1 is the anchor's interval. Fitted by IRLS with the overdispersion by the
// method of moments (as glm.nb approximately does). Not the product's method, only a yardstick.
import { daysBetween } from '../../../src/shared/calendar.ts';

/** Solves A x = b by Gaussian elimination with partial pivoting (A small and dense). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    const d = m[c]![c]! || 1e-12;
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / d;
      if (f !== 0) for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!;
    for (let k = r + 1; k < n; k++) s -= m[r]![k]! * x[k]!;
    x[r] = s / (m[r]![r]! || 1e-12);
  }
  return x;
}

export function anchorEffect(
  days: readonly { date: string; downloads: number | null }[],
  releases: readonly string[],
  start: string,
  baselineDays: number,
): { relative: number; interval: [number, number] } {
  const rows = days.filter(
    (d): d is { date: string; downloads: number } =>
      d.downloads !== null && daysBetween(start, d.date) >= -baselineDays,
  );
  const released = new Set(releases);
  const x = rows.map((d) => {
    const row = new Array<number>(12).fill(0);
    row[0] = 1;
    const dow = (new Date(`${d.date}T00:00:00Z`).getUTCDay() + 6) % 7;
    if (dow > 0) row[dow] = 1;
    const t = daysBetween(start, d.date);
    row[7] = t / 28;
    for (let lag = 0; lag < 3; lag++) {
      const then = new Date(Date.parse(`${d.date}T00:00:00Z`) - lag * 86_400_000).toISOString().slice(0, 10);
      if (released.has(then)) row[8 + lag] = 1;
    }
    row[11] = t >= 0 ? 1 : 0;
    return row;
  });
  const y = rows.map((d) => d.downloads);
  const p = 12;
  const mean = y.reduce((s, v) => s + v, 0) / y.length;
  let beta = new Array<number>(p).fill(0);
  beta[0] = Math.log(mean + 0.5);
  let alpha = 0;
  let info: number[][] = [];
  for (let iteration = 0; iteration < 40; iteration++) {
    const eta = x.map((row) => row.reduce((s, v, i) => s + v * beta[i]!, 0));
    const mu = eta.map((e) => Math.exp(Math.min(e, 30)));
    info = Array.from({ length: p }, (_, i) => Array.from({ length: p }, (_, j) => (i === j ? 1e-8 : 0)));
    const score = new Array<number>(p).fill(0);
    x.forEach((row, t) => {
      const w = mu[t]! / (1 + alpha * mu[t]!);
      const z = eta[t]! + (y[t]! - mu[t]!) / mu[t]!;
      for (let i = 0; i < p; i++) {
        if (row[i] === 0) continue;
        score[i]! += w * row[i]! * z;
        for (let j = 0; j < p; j++) info[i]![j]! += w * row[i]! * row[j]!;
      }
    });
    const next = solve(info, score);
    const change = Math.max(...next.map((b, i) => Math.abs(b - beta[i]!)));
    beta = next;
    const fitted = x.map((row) =>
      Math.exp(
        Math.min(
          row.reduce((s, v, i) => s + v * beta[i]!, 0),
          30,
        ),
      ),
    );
    const excess = y.reduce((s, v, t) => s + ((v - fitted[t]!) ** 2 - fitted[t]!) / fitted[t]! ** 2, 0);
    alpha = Math.max(0, excess / Math.max(1, y.length - p));
    if (change < 1e-7) break;
  }
  const unit = new Array<number>(p).fill(0);
  unit[11] = 1;
  const se = Math.sqrt(Math.max(0, solve(info, unit)[11]!));
  const b = beta[11]!;
  return {
    relative: Math.exp(b) - 1,
    interval: [Math.exp(b - 1.645 * se) - 1, Math.exp(b + 1.645 * se) - 1],
  };
}
