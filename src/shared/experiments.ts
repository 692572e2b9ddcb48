// The experiments contract (§3 Experiment, Experiment form, Action, Event, Comment, Evaluation;
// §4 Experiment, Action; §7): request and response schemas shared by the server's routes and the
// client. Dates are yyyy-MM-dd Berlin calendar days; day counts come from the server's clock.
import { z } from 'zod';
import { boundedCollection, collection, id, isoDate, oneOf, resource, text } from './api.ts';
import { metricValuesShape, someMetricMessage, someMetricValue } from './podcasts.ts';
import { COMMENT_MAX, NOTES_MAX, TITLE_MAX } from './limits.ts';
import { evaluationKind, eventType, trackableType } from './vocabulary.ts';

export { COMMENT_MAX, NOTES_MAX, TITLE_MAX } from './limits.ts';
export { evaluationKind, eventType, trackableType } from './vocabulary.ts';

const date = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .pipe(z.iso.date('Bitte gib ein Datum im Format JJJJ-MM-TT ein.'));

const experimentFields = {
  // Empty: the method's title (server side).
  title: text(TITLE_MAX)
    .nullish()
    .transform((v) => v || null),
  starts_at: date('Bitte gib ein Startdatum ein.'),
  ends_at: date('Bitte gib ein Enddatum ein.'),
  notes: text(NOTES_MAX, { multiline: true })
    .nullish()
    .transform((v) => v || null),
};

/** Messages of the date rules the server checks against its clock (Berlin). */
export const experimentMessages = {
  startsInPast: 'Das Experiment kann frühestens heute starten.',
  endsBeforeStart: 'Das Enddatum muss nach dem Startdatum liegen.',
  practiceMissing: 'Diese Methode gibt es nicht.',
  notFound: 'Dieses Experiment gibt es nicht.',
  actionNotFound: 'Diese Aufgabe gibt es nicht.',
  commentNotFound: 'Diesen Kommentar gibt es nicht.',
  commentRequired: 'Bitte schreibe einen Kommentar.',
};

const endsAfterStart = <T extends { starts_at: string; ends_at: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.ends_at <= v.starts_at) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: experimentMessages.endsBeforeStart });
  }
};

/** POST /api/podcasts/{id}/experiments: practice_id plus the experiment form (§3). */
export const experimentCreateSchema = z
  .object({ practice_id: id, ...experimentFields })
  .superRefine(endsAfterStart);
export type ExperimentCreateForm = z.input<typeof experimentCreateSchema>;

/** PUT /api/experiments/{id}: the form without the method, which an experiment keeps. */
export const experimentUpdateSchema = z.object(experimentFields).superRefine(endsAfterStart);
export type ExperimentUpdateForm = z.input<typeof experimentUpdateSchema>;

/** GET /api/podcasts/{id}/experiments: `state=started` for the running ones (not ended). */
export const experimentListQuery = z.object({
  state: z.enum(['started', 'ended']).optional(),
  // The method the experiments were started from (the method's experiments tab).
  origin: id.optional(),
});

/** POST /api/experiments/actions/{id}: without a body it toggles; `completed` sets it. */
export const actionToggleSchema = z
  .object({ completed: z.boolean().optional() })
  .nullish()
  .transform((v) => v ?? {});

export const actionSchema = z.object({
  id: z.number(),
  description: z.string(),
  completed: z.boolean(),
  has_link: z.boolean(),
  link_target: z.string().nullable(),
  link_label: z.string().nullable(),
});
export type ExperimentAction = z.infer<typeof actionSchema>;
export const actionResource = resource(actionSchema);

const userRef = z.object({ id: z.number(), name: z.string().nullable() }).nullable();

export const experimentSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** A short handle for lists and links: `E-{id}`. */
  alias: z.string(),
  notes: z.string().nullable(),
  practice: z.object({
    id: z.number(),
    title: z.string(),
    teaser: z.string(),
    emoji: z.string(),
  }),
  user: userRef,
  podcast: z.object({ id: z.number(), title: z.string() }),
  actions: z.array(actionSchema),
  starts_at: isoDate,
  ends_at: isoDate,
  has_started: z.boolean(),
  has_ended: z.boolean(),
  /** Calendar days from starts_at through ends_at, both included. */
  days_total: z.number(),
  /** Days of the experiment already begun (today counts), 0 … days_total. */
  days_passed: z.number(),
  days_left: z.number(),
  /** days_passed of days_total in percent, 0 … 100. */
  days_progress: z.number(),
  /** Whether a final evaluation was recorded. */
  evaluated: z.boolean(),
  created_at: z.string(),
});
export type Experiment = z.infer<typeof experimentSchema>;
export const experimentResource = resource(experimentSchema);
export const experimentsResponse = collection(experimentSchema);

export const eventSchema = z.object({
  id: z.number(),
  trackable_type: oneOf(trackableType),
  event_type: oneOf(eventType),
  /** What the entry is about, for the timeline (an action's text, an evaluation's kind). */
  subject: z.string().nullable(),
  user: userRef,
  created_at: z.string(),
});
export type ExperimentEvent = z.infer<typeof eventSchema>;
export const eventsResponse = boundedCollection(eventSchema);

/** POST /api/experiments/{id}/comments. */
export const commentFormSchema = z.object({
  content: text(COMMENT_MAX, { multiline: true, required: experimentMessages.commentRequired }),
});
export type CommentForm = z.input<typeof commentFormSchema>;

export const commentSchema = z.object({
  id: z.number(),
  content: z.string(),
  created_at: z.string(),
  user: z.object({ name: z.string().nullable(), image: z.object({ image_uri: z.string() }).nullable() }),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentResource = resource(commentSchema);
export const commentsResponse = boundedCollection(commentSchema);

/**
 * POST /api/podcasts/{id}/metrics, also from the evaluation dialog: the eight metrics (§3
 * Evaluation) and, for an experiment's evaluation, the experiment and whether it is interim or
 * final (both or neither).
 */
export const evaluationSchema = z
  .strictObject({
    ...metricValuesShape,
    experiment_id: id.optional(),
    evaluation: oneOf(evaluationKind).optional(),
  })
  .refine(someMetricValue, someMetricMessage)
  .refine((v) => (v.experiment_id === undefined) === (v.evaluation === undefined), {
    message: 'Gib zur Auswertung eines Experiments an, ob sie eine Zwischen- oder Abschlussauswertung ist.',
    path: ['evaluation'],
  });
export type EvaluationForm = z.input<typeof evaluationSchema>;
