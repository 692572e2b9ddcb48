// The committed uploads of a podcast's exports, one by one: GET …/audience-imports lists them
// (file, date, days, series), DELETE …/audience-imports/{importId} takes one back alone.
import { z } from 'zod';
import { collection, isoDate } from './api.ts';
import { audienceSeries } from './audience-vocabulary.ts';

export const audienceImport = z.object({
  id: z.number(),
  /** null: the days uploaded before uploads were kept one by one ('Frühere Uploads'). */
  file_name: z.string().nullable(),
  created_at: z.string(),
  days: z.number(),
  first_day: isoDate.nullable(),
  last_day: isoDate.nullable(),
  /** The series it gave a figure for on at least one day. */
  series: z.array(z.enum(audienceSeries)),
});
export type AudienceImport = z.infer<typeof audienceImport>;
export const audienceImportCollection = collection(audienceImport);

export const importMessages = {
  notFound: 'Diesen Upload gibt es nicht (mehr).',
};
