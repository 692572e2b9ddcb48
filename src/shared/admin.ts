// The admin panel's contract (/nova, §6): who may do what, and every /api/nova request and answer.
// Editors edit content; only admins manage users, plans and access codes.
import { z } from 'zod';
import { collection, id, oneOf, page, resource, text } from './api.ts';
import { practiceContextSchema, practiceRatingSchema } from './content.ts';
import { compilationType, userRole } from './vocabulary.ts';

/** Staff roles (users.role) and what each may do in /nova. */
export const staffAbilities = {
  admin: ['content', 'users', 'codes', 'feedback', 'audit'],
  editor: ['content', 'feedback', 'audit'],
} as const;
export type StaffAbility = 'content' | 'users' | 'codes' | 'feedback' | 'audit';
export const canStaff = (role: string, ability: StaffAbility) =>
  role in staffAbilities &&
  (staffAbilities[role as keyof typeof staffAbilities] as readonly string[]).includes(ability);

const labelled = z.object({ key: z.string(), trans: z.string() });

/** GET /api/nova/me: the panel's own probe (who is signed in and what the role allows). */
export const staffResponse = resource(
  z.object({ id: z.number(), email: z.string(), role: labelled, abilities: z.array(z.string()) }),
);

// ---- users (admins) ----
export const adminUsersQuery = z.object({
  q: text(120).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const adminUserSchema = z.object({
  id: z.number(),
  name: z.string().nullable(),
  email: z.string(),
  role: labelled,
  verified: z.boolean(),
  granted: z.boolean(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponse = page(adminUserSchema);

export const adminUserPodcastSchema = z.object({
  id: z.number(),
  title: z.string(),
  role: z.string(),
  active: z.boolean(),
  only_trial: z.boolean(),
  days_left: z.number(),
});
export const adminUserDetailResponse = resource(
  adminUserSchema.extend({ podcasts: z.array(adminUserPodcastSchema) }),
);
export type AdminUserDetail = z.infer<typeof adminUserDetailResponse>['data'];
export const adminRoleForm = z.object({ role: oneOf(userRole) });

// ---- podcasts (admins) ----
export const adminPodcastsQuery = adminUsersQuery;
/** A podcast's plan as the panel shows it: where Pro comes from, the trial, an admin's grant. */
export const adminPodcastSchema = z.object({
  id: z.number(),
  title: z.string(),
  owner_email: z.string().nullable(),
  active: z.boolean(),
  only_trial: z.boolean(),
  days_left: z.number(),
  trial_days: z.number(),
  /** Pro through the owner's lifetime access, or a redeemed subscription. */
  lifetime: z.boolean(),
  contract: z.boolean(),
  /** An admin's grant: its last day (also when it is over) and its reason. */
  pro_until: z.string().nullable(),
  pro_reason: z.string().nullable(),
  created_at: z.string(),
});
export type AdminPodcast = z.infer<typeof adminPodcastSchema>;
export const adminPodcastsResponse = page(adminPodcastSchema);
export const adminPodcastResponse = resource(adminPodcastSchema);

/** The longest trial an admin may set, in days. */
export const MAX_TRIAL_DAYS = 365;
/**
 * PUT /api/nova/podcasts/{id}/plan (admins): the trial's length and Pro granted through a day
 * (empty: no grant), always with a reason for the audit log.
 */
export const adminPlanForm = z.object({
  trial_days: z.coerce
    .number({ message: 'Bitte gib die Tage des Testzeitraums als Zahl an.' })
    .int('Bitte gib ganze Tage an.')
    .min(0, 'Der Testzeitraum kann nicht negativ sein.')
    .max(MAX_TRIAL_DAYS, `Der Testzeitraum kann höchstens ${MAX_TRIAL_DAYS} Tage lang sein.`),
  pro_until: z
    .union([z.literal(''), z.iso.date('Bitte gib ein gültiges Datum an.')])
    .nullish()
    .transform((v) => (v ? v : null)),
  reason: text(500, { required: 'Bitte gib einen Grund an.', multiline: true }),
});
export type AdminPlanForm = z.input<typeof adminPlanForm>;

// ---- methods (editors and admins) ----
export const adminPracticeSummary = z.object({
  id: z.number(),
  title: z.string(),
  emoji: z.string(),
  edited_at: z.string().nullable(),
});
export const adminPracticesResponse = collection(adminPracticeSummary);

const emoji = z
  .string()
  .trim()
  .min(1, 'Bitte gib ein Emoji an.')
  .max(16, 'Höchstens 16 Zeichen sind erlaubt.');

export const adminActionSchema = z.object({
  description: text(300, { required: 'Bitte beschreibe den Schritt.' }),
  link_target: z
    .union([z.literal(''), z.url({ protocol: /^https$/, error: 'Bitte gib eine https-Adresse an.' })])
    .default(''),
  link_label: text(60).default(''),
});
export const adminPracticeForm = z.object({
  title: text(80, { required: 'Bitte gib einen Titel an.' }),
  claim: text(120, { required: 'Bitte gib einen Claim an.' }),
  teaser: text(400, { multiline: true, required: 'Bitte gib einen Teaser an.' }),
  emoji,
  keywords: z.array(text(60)).min(1, 'Wähle mindestens ein Stichwort.').max(8, 'Höchstens 8 Stichwörter.'),
  description: text(20_000, { multiline: true }),
  context: practiceContextSchema.nullable(),
  rating: practiceRatingSchema.nullable(),
  actions: z.array(adminActionSchema).max(12, 'Höchstens 12 Schritte.'),
});
export type AdminPracticeForm = z.input<typeof adminPracticeForm>;
export const adminPracticeResponse = resource(
  adminPracticeForm.extend({
    id: z.number(),
    edited_at: z.string().nullable(),
    actions: z.array(z.object({ description: z.string(), link_target: z.string(), link_label: z.string() })),
    all_keywords: z.array(z.object({ handle: z.string(), title: z.string() })),
  }),
);
export type AdminPractice = z.infer<typeof adminPracticeResponse>['data'];

// ---- sets, advices, changelog, roadmap (editors and admins) ----
export const adminCompilationForm = z.object({
  title: text(80, { required: 'Bitte gib einen Titel an.' }),
  emoji,
  type: oneOf(compilationType),
  description: text(2000, { multiline: true, required: 'Bitte gib eine Beschreibung an.' }),
  practices: z.array(id).min(1, 'Ein Set braucht mindestens eine Methode.').max(99),
});
export const adminCompilationSchema = adminCompilationForm.extend({
  id: z.number(),
  edited_at: z.string().nullable(),
});
export const adminCompilationsResponse = collection(adminCompilationSchema);
export const adminCompilationResponse = resource(adminCompilationSchema);

export const adminAdviceForm = z.object({
  content: text(400, { multiline: true, required: 'Bitte gib einen Text an.' }),
});
export const adminAdviceSchema = adminAdviceForm.extend({ id: z.number(), edited_at: z.string().nullable() });
export const adminAdvicesResponse = collection(adminAdviceSchema);
export const adminAdviceResponse = resource(adminAdviceSchema);

export const adminChangelogForm = z.object({
  title: text(120, { required: 'Bitte gib einen Titel an.' }),
  release: z.string().regex(/^\d+\.\d+\.\d+$/, 'Version wie 1.4.0.'),
  released_at: z.iso.date({ error: 'Datum wie 2026-11-23.' }),
  content: text(4000, { multiline: true, required: 'Bitte gib einen Text an.' }),
});
export const adminChangelogSchema = adminChangelogForm.extend({
  id: z.number(),
  edited_at: z.string().nullable(),
});
export const adminChangelogResponse = collection(adminChangelogSchema);
export const adminChangelogItemResponse = resource(adminChangelogSchema);

export const adminRoadmapForm = z.object({
  title: text(120, { required: 'Bitte gib einen Titel an.' }),
  content: text(4000, { multiline: true, required: 'Bitte gib einen Text an.' }),
  position: z.coerce
    .number({ error: 'Bitte gib eine Zahl an.' })
    .int('Bitte gib eine ganze Zahl an.')
    .min(0)
    .max(10_000),
});
export const adminRoadmapSchema = adminRoadmapForm.extend({
  id: z.number(),
  edited_at: z.string().nullable(),
});
export const adminRoadmapResponse = collection(adminRoadmapSchema);
export const adminRoadmapItemResponse = resource(adminRoadmapSchema);

// ---- feedback (editors and admins) ----
export const adminFeedbackSchema = z.object({
  id: z.number(),
  email: z.string().nullable(),
  message: z.string(),
  page: z.string(),
  created_at: z.string(),
});
export const adminFeedbackResponse = page(adminFeedbackSchema);
export const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

// ---- access codes (admins) ----
export const adminCodeSchema = z.object({
  code: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
  redeemed_at: z.string().nullable(),
  redeemed_by: z.string().nullable(),
});
export const adminCodesResponse = collection(adminCodeSchema);
export const adminCodesForm = z.object({
  count: z.coerce
    .number({ error: 'Bitte gib eine Zahl an.' })
    .int('Bitte gib eine ganze Zahl an.')
    .min(1, 'Mindestens 1 Code.')
    .max(1000, 'Höchstens 1000 Codes auf einmal.'),
  note: text(200).default(''),
});

// ---- audit log (editors and admins) ----
export const auditEntrySchema = z.object({
  id: z.number(),
  user_email: z.string(),
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.string(),
  details: z.string(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogResponse = page(auditEntrySchema);
