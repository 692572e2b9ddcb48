import type { z } from 'zod';
import type { podcastFormSchema } from '../../../../shared/podcasts.ts';

export type PodcastFormData = z.output<typeof podcastFormSchema>;

/**
 * The parsed form as the API takes it: the schema turns empty optional fields into null, the
 * API wants them left out (it stores a missing field as empty).
 */
export const podcastBody = (form: PodcastFormData) =>
  Object.fromEntries(Object.entries(form).filter(([, value]) => value !== null));
