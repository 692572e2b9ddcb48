// Newsletter sign-up with double opt-in: the address counts only after the mailed link.
import { z } from 'zod';
import { email } from './account.ts';

export const newsletterForm = z.object({ email });
export type NewsletterForm = z.input<typeof newsletterForm>;
export const newsletterConfirmForm = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Der Bestätigungslink ist ungültig.'),
});
export const NEWSLETTER_SENT =
  'Fast geschafft! Wir haben dir eine E-Mail geschickt. Bitte bestätige deine Anmeldung über den Link darin.';
