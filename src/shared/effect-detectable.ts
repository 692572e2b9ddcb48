// What Kompass will be able to tell before an experiment starts: GET
// /api/podcasts/{id}/effect-detectable?days=28 (the experiment form) and the experiment's 'Wirkung'
// until its first day is counted (`detectable` of GET /api/experiments/{id}/effect).
import { z } from 'zod';
import { resource } from './api.ts';

/** Longest run asked about: a year. */
export const DETECTABLE_MAX_DAYS = 366;

export const detectableQuery = z.object({
  days: z.coerce
    .number({ message: 'Bitte gib die Dauer des Experiments in Tagen an.' })
    .int('Bitte gib ganze Tage an.')
    .min(1, 'Ein Experiment dauert mindestens einen Tag.')
    .max(DETECTABLE_MAX_DAYS, `Bitte gib höchstens ${DETECTABLE_MAX_DAYS} Tage an.`),
});

export const effectDetectable = z.object({
  /** false: 'Zu wenig Daten', `message` says what is missing. */
  enough_data: z.boolean(),
  /** German: what Kompass will tell after `days`, and how long ±20 % would take; or what is missing. */
  message: z.string(),
  /** Days with downloads in the 91 before today. */
  baseline_days: z.number(),
  /** The planned run in days. */
  days: z.number(),
  /** From what change on (whole percent, ±) Kompass tells it after `days`, in 4 of 5 experiments. */
  size: z.number().nullable(),
  /** How many days a run needs for ±20 %; null when not within 91. */
  days_for_20: z.number().nullable(),
});
export type EffectDetectable = z.infer<typeof effectDetectable>;
export const effectDetectableResource = resource(effectDetectable);
