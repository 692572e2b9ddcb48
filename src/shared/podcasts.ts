// The podcast contract. So far only the list the podcast selection reads; the full Podcast of
// spec §3 joins it with the podcast issue.
import { z } from 'zod';
import { collection } from './api.ts';

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
