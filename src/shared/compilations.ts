// The set (compilation) contract: GET /api/compilations, /api/compilations/{id} and a method's sets.
import { z } from 'zod';
import { collection, labelledSchema, resource } from './api.ts';
import { practiceSchema } from './practices.ts';
import { compilationType } from './vocabulary.ts';

export const compilationSchema = z.object({
  id: z.number(),
  title: z.string(),
  emoji: z.string(),
  type: labelledSchema(compilationType),
  description: z.string(),
  num_practices: z.number(),
});
export type Compilation = z.infer<typeof compilationSchema>;

/** GET /api/compilations and GET /api/practices/{id}/compilations. */
export const compilationsResponse = collection(compilationSchema);

/** GET /api/compilations/{id}: the set with its methods in the set's order. */
export const compilationResponse = resource(compilationSchema.extend({ practices: z.array(practiceSchema) }));
export type CompilationDetail = z.infer<typeof compilationResponse>['data'];
