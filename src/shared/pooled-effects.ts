// The contract of GET /api/podcasts/{id}/pooled-effects (the type and texts: pooled-effect-text.ts).
import { z } from 'zod';
import { collection } from './api.ts';

const count = z.number().nullable();
export const pooledEffectSchema = z.object({
  practice_id: z.number(),
  shown: z.boolean(),
  contributors: z.number(),
  needed: z.number(),
  experiments: count,
  podcasts: count,
  similar: count,
  fallback: z.boolean().nullable(),
  effect: count,
  low: count,
  high: count,
  spread: count,
});
export const pooledEffectsResponse = collection(pooledEffectSchema);
