// The baseline effect, remembered by its inputs: the effect routes, the engine and the tips ask for it.
import type { AudienceEffect } from '../../shared/audience.ts';
import { baselineEffect } from './baseline-effect.ts';

/**
 * Measured answers by their inputs: the tips and the recommendations ask again after every write
 * to the podcast, and a fit with its bootstrap is milliseconds of CPU each time, while the days of
 * an ended experiment rarely change. The key is a hash of every input, so a changed day is a new
 * key; the oldest answers go first beyond MEMO_SIZE (Entscheidung AUD-25).
 */
const MEMO_SIZE = 500;
const memo = new Map<string, AudienceEffect>();

export function keyOf(parts: (string | number | null)[]) {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (const part of parts) {
    const text = String(part);
    for (let i = 0; i < text.length; i++) {
      h1 = Math.imul(h1 ^ text.charCodeAt(i), 16777619);
      h2 = Math.imul(h2 ^ text.charCodeAt(i), 2246822519);
    }
    h1 = Math.imul(h1 ^ 124, 16777619);
  }
  return `${(h1 >>> 0).toString(36)}${(h2 >>> 0).toString(36)}:${parts.length}`;
}

export function measureBaseline(input: Parameters<typeof baselineEffect>[0]) {
  const key = keyOf([
    input.start,
    input.end,
    input.today ?? '',
    ...input.days.flatMap((d) => [d.date, d.downloads]),
    ...input.releases,
    ...(input.common
      ? [
          input.common.podcasts,
          ...input.common.interval,
          ...input.common.days.flatMap((d) => [d.date, d.observed, d.expected]),
        ]
      : []),
  ]);
  const known = memo.get(key);
  if (known) return known;
  const effect = baselineEffect(input);
  if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value!);
  memo.set(key, effect);
  return effect;
}
