// The methods of one podcast (spec §3 Practice, Estimation, Similarity, Application,
// Bookmark, §4 Practice flags and list order, §7): the list's query, the flag toggles, and the
// answers. The practice resource itself is `practiceSchema` (practices.ts); with a podcast in
// context its flags, `applied_on`, `similarity` and `reasons` carry that podcast's values.
import { z } from 'zod';
import { collection, id, oneOf, page, resource } from './api.ts';
import { practiceSchema } from './practices.ts';
import { MAX_PRACTICE_RECORDS } from './limits.ts';
import { audienceSize, budget, practiceOrder, practiceStatus, relevance, timeEffort } from './vocabulary.ts';

export { KOMPASS_SIMILARITY, MAX_PRACTICE_RECORDS, PRACTICES_PER_PAGE, WIDGET_ITEMS } from './limits.ts';
export { practiceOrder, practiceStatus, type PracticeOrder, type PracticeStatus } from './vocabulary.ts';

const keywordHandle = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'Dieses Schlagwort ist ungültig.');

/**
 * GET /api/podcasts/{id}/practices. `keywords` is a comma-separated list of handles (or the
 * parameter repeated); a method matches when it has any of them. `commitment` and `investment`
 * keep methods needing at most that much time / money, `expansion` those that already work at
 * that audience size (the method's expansion is the size it works from), `relevance` is exact.
 * `records` sets the page size (1 … 1000) and sorts bookmarked methods first (the selector).
 * Without `order`: advice when the podcast is Pro, else effort.
 */
export const practicesQuery = z.object({
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/, 'Diese Seite gibt es nicht.')
    .transform(Number)
    .optional(),
  order: oneOf(practiceOrder).optional(),
  status: oneOf(practiceStatus).optional(),
  keywords: z
    .union([z.string(), z.array(z.string())])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(keywordHandle).max(50, 'Zu viele Schlagwörter.'))
    .optional(),
  commitment: oneOf(timeEffort).optional(),
  expansion: oneOf(audienceSize).optional(),
  investment: oneOf(budget).optional(),
  relevance: oneOf(relevance).optional(),
  records: z
    .string()
    .regex(/^[1-9][0-9]{0,3}$/, 'Diese Anzahl ist ungültig.')
    .transform(Number)
    .pipe(z.number().max(MAX_PRACTICE_RECORDS, `Höchstens ${MAX_PRACTICE_RECORDS} Methoden auf einmal.`))
    .optional(),
});
export type PracticesQuery = z.input<typeof practicesQuery>;

/** A method in a podcast's context: the practice with that podcast's flags and score. */
export const podcastPracticeSchema = practiceSchema;
export type PodcastPractice = z.infer<typeof podcastPracticeSchema>;

/** GET /api/podcasts/{id}/practices: a page with `meta` (current_page, last_page, …). */
export const podcastPracticesResponse = page(podcastPracticeSchema);
/** GET /api/podcasts/{id}/practices/{practiceId}. */
export const podcastPracticeResponse = resource(podcastPracticeSchema);

/** GET /api/practices/{id}?context=: the podcast-scoped query. */
export const practiceContextQuery = z.object({ context: id.optional() });

/** POST /api/podcasts/{id}/bookmarks|rejections|applications; DELETE sends the same body. */
export const practiceFlagBody = z.object({ practice_id: id });
export type PracticeFlagBody = z.infer<typeof practiceFlagBody>;

/** Bookmark (§3): id, practice. */
export const bookmarkSchema = z.object({ id: z.number(), practice: podcastPracticeSchema });
export type Bookmark = z.infer<typeof bookmarkSchema>;
/** Rejection (do not recommend): id, practice. */
export const rejectionSchema = bookmarkSchema;
export type Rejection = z.infer<typeof rejectionSchema>;
/** Application (§3): id, practice, starts_at (the Berlin day it was marked 'In Anwendung'). */
export const applicationSchema = z.object({
  id: z.number(),
  practice: podcastPracticeSchema,
  starts_at: z.iso.date(),
});
export type Application = z.infer<typeof applicationSchema>;

/**
 * POST answers 201 with the new flag, a repeated POST 200 with the existing one; DELETE answers
 * 204, also when the flag was not set.
 */
export const bookmarkResponse = resource(bookmarkSchema);
export const rejectionResponse = resource(rejectionSchema);
export const applicationResponse = resource(applicationSchema);
/** GET /api/podcasts/{id}/bookmarks (newest first). */
export const bookmarksResponse = collection(bookmarkSchema);
/** GET /api/podcasts/{id}/applications (newest first). */
export const applicationsResponse = collection(applicationSchema);

/**
 * Estimation (§3): the best methods for the podcast, best first, never applied or rejected
 * ones. Pro only (Basic gets 403 and the UI shows 'Kompass befragen').
 */
export const estimationSchema = z.object({
  practice_id: z.number(),
  practice: podcastPracticeSchema,
  similarity: z.number(),
  reasons: z.array(z.string()),
});
export type Estimation = z.infer<typeof estimationSchema>;
/** GET /api/podcasts/{id}/estimations?limit= (default 3, at most 50). */
export const estimationsQuery = z.object({
  limit: z
    .string()
    .regex(/^[1-9][0-9]?$/, 'Diese Anzahl ist ungültig.')
    .transform(Number)
    .pipe(z.number().max(50, 'Höchstens 50 Methoden auf einmal.'))
    .optional(),
});
export const estimationsResponse = collection(estimationSchema);

/**
 * Similarity (§3): a related method ('Passende Methoden'), most similar first. `id` is the
 * related method's id too (the pair has no row of its own).
 */
export const similaritySchema = z.object({
  id: z.number(),
  relation_id: z.number(),
  relation: podcastPracticeSchema,
  similarity: z.number(),
});
export type Similarity = z.infer<typeof similaritySchema>;
/** GET /api/practices/{id}/similarities?context=&limit= (default 3, at most 50). */
export const similaritiesQuery = practiceContextQuery.extend(estimationsQuery.shape);
export const similaritiesResponse = collection(similaritySchema);
