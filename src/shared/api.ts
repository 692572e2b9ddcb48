// Response envelopes and the error shape every endpoint shares (DESIGN.md, API conventions).
import { z } from 'zod';

export type FieldErrors = Record<string, string[]>;

/** Body of every 4xx answer: a German message and, for 422, the messages per field. */
export type ApiError = { message: string; errors?: FieldErrors };

export type Resource<T> = { data: T };

export const paginationMeta = z.object({
  current_page: z.number(),
  last_page: z.number(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  per_page: z.number(),
  total: z.number(),
});
export type PaginationMeta = z.infer<typeof paginationMeta>;
export type Page<T> = { data: T[]; meta: PaginationMeta };

/** `{ key, trans }` as the API sends enum values. */
export type Labelled<K extends string = string> = { key: K; trans: string };

/** Path parameters that are numeric ids. */
export const idParam = z.object({ id: z.coerce.number().int().positive() });
