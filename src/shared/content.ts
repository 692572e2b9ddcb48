// Schemas of the editorial content files under src/server/db/seed/content/.
import { z } from 'zod';
import { oneOf } from './api.ts';
import {
  application,
  audienceSize,
  budget,
  compilationType,
  continuation,
  endurance,
  metric,
  potential,
  realization,
  recurrence,
  relevance,
  timeEffort,
} from './vocabulary.ts';

const handle = z.string().regex(/^[a-z0-9-]+$/, 'handle: lowercase letters, digits and dashes');
const sentence = z.string().trim().min(1);

export const keywordFileSchema = z.array(z.object({ handle, title: sentence })).min(10);

export const practiceContextSchema = z.object({
  relevance: oneOf(relevance),
  application: oneOf(application),
  investment: oneOf(budget),
  commitment: oneOf(timeEffort),
  endurance: oneOf(endurance),
  recurrence: oneOf(recurrence),
  continuation: oneOf(continuation),
  expansion: oneOf(audienceSize),
  realization: z.array(oneOf(realization)).min(1).max(4),
});
export type PracticeContextData = z.infer<typeof practiceContextSchema>;

const potentialSchema = oneOf(potential);
export const practiceRatingSchema = z.object(
  Object.fromEntries(metric.keys.map((k) => [k, potentialSchema])) as Record<
    (typeof metric.keys)[number],
    typeof potentialSchema
  >,
);
export type PracticeRatingData = z.infer<typeof practiceRatingSchema>;

export const practiceActionSchema = z
  .object({
    /** Stable for good: `practice id × 100 + n`; a new step takes the next unused n, never a old one. */
    id: z.number().int().min(101).max(99_999),
    description: sentence.max(300),
    link_target: z.url({ protocol: /^https$/ }).optional(),
    link_label: sentence.max(60).optional(),
  })
  .refine((a) => !a.link_target === !a.link_label, {
    message: 'link_target and link_label come together',
  });

/** Front matter of one method file; the markdown body is its description. */
export const practiceFileSchema = z
  .object({
    id: z.number().int().min(1).max(999),
    title: sentence.max(80),
    claim: sentence.max(120),
    teaser: sentence.min(80).max(400),
    emoji: z.string().min(1).max(16),
    keywords: z.array(handle).min(2).max(5),
    area: handle,
    duration_days: z.number().int().min(7).max(180),
    context: practiceContextSchema.optional(),
    rating: practiceRatingSchema.optional(),
    actions: z.array(practiceActionSchema).min(3).max(8).optional(),
  })
  .refine((p) => (p.actions ?? []).every((a) => Math.floor(a.id / 100) === p.id), {
    message: 'action ids are practice id × 100 + n',
    path: ['actions'],
  });
export type PracticeFile = z.infer<typeof practiceFileSchema>;

export const compilationFileSchema = z
  .array(
    z.object({
      id: z.number().int().min(1),
      title: sentence.max(80),
      emoji: z.string().min(1).max(16),
      type: oneOf(compilationType),
      description: sentence,
      practices: z.array(z.number().int()).min(3),
    }),
  )
  .min(8);

export const adviceFileSchema = z.array(sentence.max(400)).min(40);

export const categoryFileSchema = z.array(z.object({ id: z.number().int(), display: sentence })).min(15);

export const changelogFileSchema = z
  .array(
    z.object({
      id: z.number().int(),
      title: sentence,
      release: z.string().regex(/^\d+\.\d+\.\d+$/),
      released_at: z.iso.date(),
      content: sentence,
    }),
  )
  .min(1);

export const roadmapFileSchema = z
  .array(z.object({ id: z.number().int(), title: sentence, content: sentence }))
  .min(1);
