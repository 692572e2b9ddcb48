// The podcast contract (§3, §7): forms the client validates and the server re-validates, and the
// shapes of the answers (the server declares them as response schemas).
import { z } from 'zod';
import { collection, id, oneOf, page, resource, text } from './api.ts';
import { membershipRole } from './roles.ts';
import { strategyFields } from './strategy.ts';
import { audienceSize, budget, importance, metric, timeEffort } from './vocabulary.ts';

export const TRIAL_DAYS = 30;
export const EPISODES_PER_PAGE = 15;

const url = (field: string) =>
  text(2048)
    .refine(
      (v) => v === '' || /^https?:\/\/[^\s/]+/i.test(v),
      `Bitte gib eine gültige Adresse (${field}) ein.`,
    )
    .transform((v) => v || null);

/** 'Choose two' (§5): exactly two different categories. */
export const categoryIds = z
  .array(id, { error: 'Bitte wähle zwei Kategorien.' })
  .length(2, 'Bitte wähle genau zwei Kategorien.')
  .refine(([a, b]) => a !== b, 'Bitte wähle zwei verschiedene Kategorien.');

/**
 * The podcast form of POST /api/podcasts and PUT /api/podcasts/{id}. Optional fields take null
 * too: that is what the form's own output says for an empty field, and what the client sends.
 */
export const podcastFormSchema = z.object({
  title: text(120, { required: 'Bitte gib den Titel deines Podcasts ein.' }),
  name: text(120)
    .nullish()
    .transform((v) => v || null),
  author: text(120)
    .nullish()
    .transform((v) => v || null),
  category_id: categoryIds,
  rss_uri: url('RSS-Feed')
    .nullish()
    .transform((v) => v ?? null),
  web_uri: url('Website')
    .nullish()
    .transform((v) => v ?? null),
});
export type PodcastForm = z.input<typeof podcastFormSchema>;

/** DELETE /api/podcasts/{id}: the password, unless the podcast is still fresh (README). */
export const podcastDeleteSchema = z.object({
  password: z
    .string({ error: 'Bitte gib dein aktuelles Passwort ein.' })
    .max(255, 'Das Passwort ist nicht korrekt.')
    .optional(),
});

const level = oneOf(importance);
export const objectiveSchema = z.object(
  Object.fromEntries(metric.keys.map((k) => [k, level])) as Record<
    (typeof metric.keys)[number],
    typeof level
  >,
);
export type Objective = z.infer<typeof objectiveSchema>;

export const stageSchema = z.object({
  commitment: oneOf(timeEffort),
  expansion: oneOf(audienceSize),
  investment: oneOf(budget),
});
export type Stage = z.infer<typeof stageSchema>;

const answer = text(5000, { multiline: true });
export const strategySchema = z.object(
  Object.fromEntries(strategyFields.map((k) => [k, answer.optional()])) as Record<
    (typeof strategyFields)[number],
    z.ZodOptional<typeof answer>
  >,
);
export type Strategy = Record<(typeof strategyFields)[number], string | null>;

const milestone = text(500);
/** One text per metric; an empty text removes the milestone. */
export const milestonesSchema = z.object({
  milestones: z.strictObject(
    Object.fromEntries(metric.keys.map((k) => [k, milestone.optional()])) as Record<
      (typeof metric.keys)[number],
      z.ZodOptional<typeof milestone>
    >,
  ),
});
export type Milestones = Partial<Record<(typeof metric.keys)[number], string>>;

const rating = z
  .int('Bitte gib eine ganze Zahl ein.')
  .min(0, 'Der Wert muss zwischen 0 und 100 liegen.')
  .max(100, 'Der Wert muss zwischen 0 und 100 liegen.');
/** Evaluation (§3): values 0–100, except coverage, which is a count of subscribers. */
export const metricValuesShape = {
  coverage: z
    .int('Bitte gib eine ganze Zahl ein.')
    .min(0, 'Die Zahl darf nicht negativ sein.')
    .max(1_000_000_000, 'Die Zahl ist zu groß.')
    .optional(),
  ...(Object.fromEntries(
    metric.keys.filter((k) => k !== 'coverage').map((k) => [k, rating.optional()]),
  ) as Record<Exclude<(typeof metric.keys)[number], 'coverage'>, z.ZodOptional<typeof rating>>),
};
/** At least one metric has a value; said under the first field, where the user looks. */
export const someMetricValue = (v: Partial<Record<(typeof metric.keys)[number], number>>) =>
  metric.keys.some((k) => v[k] !== undefined);
export const someMetricMessage = { message: 'Bitte gib mindestens einen Wert ein.', path: ['coverage'] };
export const metricsSchema = z.strictObject(metricValuesShape).refine(someMetricValue, someMetricMessage);
export type Evaluation = z.input<typeof metricsSchema>;

export const settingSchema = z.object({
  key: z
    .string({ error: 'Bitte gib einen Schlüssel an.' })
    .regex(/^[a-z][a-z0-9_]{0,63}$/, 'Dieser Schlüssel ist ungültig.'),
  value: text(1000),
});

export const episodesQuery = z.object({
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/, 'Diese Seite gibt es nicht.')
    .transform(Number)
    .optional(),
});

// ---- Answers ----

const labelled = <K extends string>(keys: readonly [K, ...K[]]) =>
  z.object({ key: z.enum(keys), trans: z.string() });
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const trialSchema = z.object({
  trial_days: z.number(),
  days_passed: z.number(),
  days_left: z.number(),
});
export type Trial = z.infer<typeof trialSchema>;

export const podcastSchema = z.object({
  id: z.number(),
  title: z.string(),
  name: z.string().nullable(),
  author: z.string().nullable(),
  category_id: z.array(z.number()),
  image: z.object({ image_uri: z.string() }).nullable(),
  rss_uri: z.string().nullable(),
  web_uri: z.string().nullable(),
  created_at: date,
  oldest_episode: date.nullable(),
  num_episodes: z.number(),
  num_memberships: z.number(),
  num_experiments: z.number(),
  active: z.boolean(),
  only_trial: z.boolean(),
  trial: trialSchema,
  own_podcast: z.boolean(),
  role: labelled(membershipRole.keys),
  traceable: z.array(oneOf(metric)),
  milestones: z.partialRecord(oneOf(metric), z.string()),
  setup: z.boolean(),
  completed: z.boolean(),
  setup_objective: z.boolean(),
  setup_stage: z.boolean(),
  setup_strategy: z.boolean(),
  setup_metrics: z.boolean(),
  setup_milestones: z.boolean(),
  setup_coworkers: z.boolean(),
});
export type Podcast = z.infer<typeof podcastSchema>;

export const podcastResource = resource(podcastSchema);
export const contextResource = resource(podcastSchema.nullable());

export const objectiveResource = resource(z.record(oneOf(metric), oneOf(importance).nullable()));
export const stageResource = resource(
  z.object({
    commitment: oneOf(timeEffort).nullable(),
    expansion: oneOf(audienceSize).nullable(),
    investment: oneOf(budget).nullable(),
  }),
);
export const strategyResource = resource(
  z.object(
    Object.fromEntries(strategyFields.map((k) => [k, z.string().nullable()])) as Record<
      (typeof strategyFields)[number],
      z.ZodNullable<z.ZodString>
    >,
  ),
);
export const milestonesResource = resource(z.partialRecord(oneOf(metric), z.string()));

export const metricHistorySchema = z.object({
  key: oneOf(metric),
  trans: z.string(),
  /**
   * `source`: the audience source a value was taken from ('op3', 'upload'); null: typed by hand.
   * A source's value stands for the month of its `date`; `measure` says what its 'Reichweite'
   * counts (followers, or the month's average downloads per week); null: as the metric says.
   */
  values: z.array(
    z.object({
      date,
      value: z.number(),
      created_at: z.string(),
      source: z.enum(['op3', 'upload']).nullable(),
      measure: z.enum(['followers', 'downloads_per_week']).nullable(),
    }),
  ),
});
export type MetricHistory = z.infer<typeof metricHistorySchema>;
export const metricsResource = collection(metricHistorySchema);

const settingAnswer = z.object({ key: z.string(), value: z.string() });
export const settingResource = resource(settingAnswer);
export const settingsResource = collection(settingAnswer);

export const episodeSchema = z.object({
  id: z.number(),
  title: z.string(),
  web_uri: z.string().nullable(),
  published_at: date.nullable(),
});
export type Episode = z.infer<typeof episodeSchema>;
export const episodesPage = page(episodeSchema);

/** A podcast the user can select (an active membership). */
export const podcastSummarySchema = z.object({
  id: z.number(),
  title: z.string(),
  /** The user owns it (rather than working on it as a coworker). */
  own_podcast: z.boolean(),
});
export type PodcastSummary = z.infer<typeof podcastSummarySchema>;

/** GET /api/account/podcasts. */
export const accountPodcastsResponse = collection(podcastSummarySchema);

/** POST /api/podcasts:import. */
export const podcastImportSchema = z.object({
  rss_uri: text(2048, { required: 'Bitte gib die Adresse deines RSS-Feeds ein.' }).refine(
    (v) => /^https?:\/\//i.test(v),
    'Bitte gib eine Adresse ein, die mit http:// oder https:// beginnt.',
  ),
  name: text(120)
    .optional()
    .transform((v) => v || null),
});
export type PodcastImport = z.input<typeof podcastImportSchema>;
