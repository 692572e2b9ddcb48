// Feedback (§2 feedback, the help-centre widget): a message and the page it was given on.
import { z } from 'zod';
import { text } from './api.ts';
import { email } from './account.ts';

export const feedbackForm = z.object({
  message: text(4000, { multiline: true, required: 'Bitte schreib uns, was dir auf dem Herzen liegt.' }),
  /** The app path the feedback is about, e.g. `/app/practices/3/overview`. */
  page: text(500).refine((p) => p.startsWith('/'), 'Die Seite ist ungültig.'),
  /** Guests may leave an address for an answer; signed-in users are known. */
  email: z.union([z.literal(''), email]).default(''),
});
export type FeedbackForm = z.input<typeof feedbackForm>;
