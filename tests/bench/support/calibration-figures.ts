// How the calibration benches print their figures: the median (the lower middle of an even
// count), shares in percent and signed effects with one minus sign.
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
};
export const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
export const signed = (n: number) => `${n >= 0 ? '+' : '−'}${Math.abs(n * 100).toFixed(1)} %`;
