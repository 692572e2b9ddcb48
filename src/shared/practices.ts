// The method (practice) contract: GET /api/practices/{id} and its parts (spec §3 Practice,
// Practice context, Practice rating, Action, Metric, Keyword).
import { z } from 'zod';
import { collection, isoDate, labelledSchema, oneOf, resource } from './api.ts';
import {
  application,
  audienceSize,
  budget,
  continuation,
  endurance,
  metric,
  potential,
  realization,
  recurrence,
  relevance,
  timeEffort,
} from './vocabulary.ts';

export const keywordSchema = z.object({ handle: z.string(), title: z.string() });
export type Keyword = z.infer<typeof keywordSchema>;

export const practiceSchema = z.object({
  id: z.number(),
  title: z.string(),
  claim: z.string(),
  teaser: z.string(),
  emoji: z.string(),
  keywords: z.array(keywordSchema),
  /** Recommendation for the podcast in context (0–1); null without one. */
  similarity: z.number().nullable(),
  score: z.number().nullable(),
  /** Why the score is what it is (2–3 German sentences), Pro only; null without one. */
  reasons: z.array(z.string()).nullable(),
  accessible: z.boolean(),
  applied: z.boolean(),
  bookmarked: z.boolean(),
  rejected: z.boolean(),
  /** The Berlin day the podcast marked the method applied; null when it is not applied. */
  applied_on: isoDate.nullable(),
  setup_context: z.boolean(),
  setup_actions: z.boolean(),
  setup_rating: z.boolean(),
  duration_days: z.number(),
  /** Prefill of a new experiment's dates. */
  date_from: isoDate,
  date_till: isoDate,
});
export type Practice = z.infer<typeof practiceSchema>;
export const practiceResponse = resource(practiceSchema);

/** The description as markdown. */
export const practiceContentResponse = resource(z.object({ content: z.string() }));

export const practiceContextLabelsSchema = z.object({
  relevance: labelledSchema(relevance),
  application: labelledSchema(application),
  investment: labelledSchema(budget),
  commitment: labelledSchema(timeEffort),
  endurance: labelledSchema(endurance),
  recurrence: labelledSchema(recurrence),
  continuation: labelledSchema(continuation),
  expansion: labelledSchema(audienceSize),
  realization: z.array(labelledSchema(realization)),
});
export type PracticeContext = z.infer<typeof practiceContextLabelsSchema>;
export const practiceContextResponse = resource(practiceContextLabelsSchema);

const potentialLabel = labelledSchema(potential);
/** The eight metrics, each with its potential. */
export const practiceRatingLabelsSchema = z.object(
  Object.fromEntries(metric.keys.map((k) => [k, potentialLabel])) as Record<
    (typeof metric.keys)[number],
    typeof potentialLabel
  >,
);
export type PracticeRating = z.infer<typeof practiceRatingLabelsSchema>;
export const practiceRatingResponse = resource(practiceRatingLabelsSchema);

/** One action step of a method; its id never changes. */
export const practiceActionStepSchema = z.object({
  id: z.number(),
  description: z.string(),
  has_link: z.boolean(),
  link_target: z.string().nullable(),
  link_label: z.string().nullable(),
});
export type PracticeActionStep = z.infer<typeof practiceActionStepSchema>;
export const practiceActionsResponse = collection(practiceActionStepSchema);

/** A metric the method can move, with its potential. */
export const practiceMetricSchema = z.object({
  id: oneOf(metric),
  title: z.string(),
  potential: potentialLabel,
});
export type PracticeMetric = z.infer<typeof practiceMetricSchema>;
export const practiceMetricsResponse = collection(practiceMetricSchema);
