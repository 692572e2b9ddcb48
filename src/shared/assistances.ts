// Kompass-KI tips (§3 Assistance): what the API answers and the client parses.
import { z } from 'zod';
import { boundedCollection, resource } from './api.ts';

export const assistanceSchema = z.object({
  id: z.number(),
  podcast_id: z.number(),
  subject: z.string(),
  /** Markdown; rendered without raw HTML. */
  message: z.string(),
  created_at: z.string(),
});
export type Assistance = z.infer<typeof assistanceSchema>;

/** A tip in the account-wide list names its podcast. */
export const accountAssistanceSchema = assistanceSchema.extend({
  podcast: z.object({ id: z.number(), title: z.string() }),
});
export type AccountAssistance = z.infer<typeof accountAssistanceSchema>;

export const assistanceResource = resource(assistanceSchema);
export const assistancesCollection = boundedCollection(assistanceSchema);
export const accountAssistancesCollection = boundedCollection(accountAssistanceSchema);

export { ASSISTANT_POLL_MS, ASSISTANT_TIPS } from './limits.ts';

export const assistanceMessages = {
  notFound: 'Diesen Tipp gibt es nicht.',
};
