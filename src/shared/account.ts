// The account contract: forms the client validates and the server re-validates, and the User
// responses.
import { z } from 'zod';
import { isoDate, labelledSchema, messageResponse, oneOf, resource, text } from './api.ts';
import { language, position, referrer, userRole } from './vocabulary.ts';

export const PASSWORD_MIN = 12;

export const email = z
  .string({ error: 'Bitte gib deine E-Mail-Adresse ein.' })
  .trim()
  .toLowerCase()
  .min(1, 'Bitte gib deine E-Mail-Adresse ein.')
  .max(191, 'Die E-Mail-Adresse darf höchstens 191 Zeichen lang sein.')
  .pipe(z.email('Bitte gib eine gültige E-Mail-Adresse ein.'));

const newPassword = z
  .string({ error: 'Bitte gib ein Passwort ein.' })
  .min(PASSWORD_MIN, `Das Passwort muss mindestens ${PASSWORD_MIN} Zeichen lang sein.`)
  .max(255, 'Das Passwort darf höchstens 255 Zeichen lang sein.');

const currentPassword = z
  .string({ error: 'Bitte gib dein aktuelles Passwort ein.' })
  .min(1, 'Bitte gib dein aktuelles Passwort ein.')
  .max(255, 'Das Passwort ist nicht korrekt.');

const confirmation = z.string({ error: 'Bitte bestätige das Passwort.' }).max(255);

/** The user's one name (users.name, also the profile's username). */
const userName = text(60);

/** Adds the confirmation check; the message goes to `password_confirmation`. */
function confirmed<T extends z.ZodObject<{ password: z.ZodString; password_confirmation: z.ZodString }>>(
  schema: T,
) {
  return schema.refine((v) => v.password === v.password_confirmation, {
    message: 'Die Passwörter stimmen nicht überein.',
    path: ['password_confirmation'],
  });
}

/** A checkbox that must be ticked: true, or '1'/'on' from a plain form post. */
const accepted = (message: string) =>
  z
    .unknown()
    .refine((v) => v === true || v === '1' || v === 'on', { message })
    .transform(() => true as const);

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: 'Bitte gib dein Passwort ein.' })
    .min(1, 'Bitte gib dein Passwort ein.')
    .max(255, 'Das Passwort darf höchstens 255 Zeichen lang sein.'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registrationSchema = confirmed(
  z.object({
    email,
    password: newPassword,
    password_confirmation: confirmation,
    terms: accepted('Bitte akzeptiere die Nutzungsbedingungen.'),
    privacy: accepted('Bitte akzeptiere die Datenschutzerklärung.'),
    name: userName.optional(),
    code: text(64)
      .optional()
      .transform((c) => c || undefined),
    /** The token of an invitation link: registering through it proves the address (§2). */
    invitation: text(128)
      .optional()
      .transform((c) => c || undefined),
    /** The title typed in the setup wizard's 'Podcast anlegen' step; prefills onboarding. */
    podcast_title: text(120)
      .optional()
      .transform((c) => c || undefined),
  }),
);
export type RegistrationInput = z.input<typeof registrationSchema>;

export const accountUpdateSchema = z.object({
  name: userName,
  email,
  /** Needed only when the address changes. */
  password_current: z.string().max(255).optional(),
});
export type AccountUpdateInput = z.infer<typeof accountUpdateSchema>;

/** Changing (or correcting) the address: the current password proves it is the account's owner. */
export const emailChangeSchema = accountUpdateSchema.extend({ password_current: currentPassword });
export type EmailChangeInput = z.infer<typeof emailChangeSchema>;

export const passwordChangeSchema = confirmed(
  z.object({
    password_current: currentPassword,
    password: newPassword,
    password_confirmation: confirmation,
  }),
);
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

export const accountDeleteSchema = z.object({ password: currentPassword });

export const passwordForgotSchema = z.object({ email });

const resetToken = z.string().min(1, 'Der Link ist ungültig.').max(200, 'Der Link ist ungültig.');

/** Whether a mailed reset link can still be used, asked when /password/reset opens. */
export const passwordCheckSchema = z.object({ token: resetToken, email });
export type PasswordCheckInput = z.infer<typeof passwordCheckSchema>;

export const passwordResetSchema = confirmed(
  z.object({
    token: resetToken,
    email,
    password: newPassword,
    password_confirmation: confirmation,
  }),
);
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

export const profileSchema = z.object({
  username: text(60, { required: 'Bitte gib einen Namen an.' }),
  position: oneOf(position)
    .or(z.literal('').transform(() => undefined))
    .optional(),
  language: oneOf(language).default('de'),
  referrer: oneOf(referrer)
    .or(z.literal('').transform(() => undefined))
    .optional(),
});
export type ProfileInput = z.input<typeof profileSchema>;

export const verifyQuerySchema = z.object({
  expires: z
    .string()
    .regex(/^[0-9]{1,12}$/, 'Der Link ist ungültig.')
    .transform(Number),
  signature: z.string().regex(/^[a-f0-9]{64}$/),
});

// Responses (spec §3 User and Profile).

/**
 * The onboarding steps after the podcast exists (§2: confirm/:id, profile/:id, complete/:id); the
 * step an account left off at is kept by the server (PUT /api/account/onboarding).
 */
export const onboardingSteps = ['confirm', 'profile', 'complete'] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];
export const isOnboardingStep = (value: unknown): value is OnboardingStep =>
  (onboardingSteps as readonly unknown[]).includes(value);
export const onboardingSchema = z.object({ podcast_id: z.number(), step: z.enum(onboardingSteps) });
/** PUT /api/account/onboarding: the step reached (null: onboarding complete). */
export const onboardingUpdateSchema = z.object({
  podcast_id: z.number().int().positive(),
  step: z.enum(onboardingSteps).nullable(),
});

export const profileDataSchema = z.object({
  username: z.string(),
  position: labelledSchema(position).nullable(),
  language: labelledSchema(language),
  referrer: labelledSchema(referrer).nullable(),
});
export type Profile = z.infer<typeof profileDataSchema>;

export const userSchema = z.object({
  id: z.number(),
  name: z.string().nullable(),
  /** Only to the user and to admins; null for everyone else. */
  email: z.string().nullable(),
  image: z.object({ image_uri: z.string() }).nullable(),
  created_at: isoDate,
  role: labelledSchema(userRole),
  verified: z.boolean(),
  granted: z.boolean(),
  profile: profileDataSchema.nullable(),
  owned_podcasts: z.number(),
  num_coworkers: z.number(),
  is_self: z.boolean(),
  steady_user_email: z.string().nullable(),
  /** A new address waiting for confirmation (only to the user). */
  pending_email: z.string().nullable(),
  /** The podcast title typed at registration; prefills onboarding (only to the user). */
  podcast_title: z.string().nullable(),
  /** The onboarding step left open (only to the user): the app leads back to it. */
  onboarding: onboardingSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

/** GET/PUT /api/account, login, profile, picture. */
export const userResponse = resource(userSchema);

/**
 * GET /api/users/{id}: a profile as a teammate sees it. Never the account's role, plan grant or
 * verification (they told strangers who the admins are); the owner reads those at /api/account.
 */
export const userProfileSchema = userSchema.omit({ role: true, verified: true, granted: true });
export type UserProfile = z.infer<typeof userProfileSchema>;
export const userProfileResponse = resource(userProfileSchema);

/** GET /api/account/session: the session probe; `data` is null for a guest. */
export const sessionResponse = resource(userSchema.nullable());

/** POST /api/account (201): the new user, signed in; `verified` says whether a click is still due. */
export const registrationResponse = userResponse.extend({ verified: z.boolean() });
export type RegistrationResponse = z.infer<typeof registrationResponse>;

/** GET /api/email/verify/{id}/{hash}. */
export const verificationResponse = messageResponse.extend({ verified: z.boolean() });
