// Responses of the editorial reads (spec §3): keywords, advices, categories, changelog, roadmap.
// The schemas of the content files these come from are in content.ts.
import { z } from 'zod';
import { collection, isoDate, resource } from './api.ts';
import { keywordSchema } from './practices.ts';

export const keywordsResponse = collection(keywordSchema);

/** GET /api/advices:random, 'Aus dem Logbuch'. */
export const adviceResponse = resource(z.object({ content: z.string() }));
export type Advice = z.infer<typeof adviceResponse>['data'];

export const categorySchema = z.object({ id: z.number(), display: z.string() });
export type Category = z.infer<typeof categorySchema>;
export const categoriesResponse = collection(categorySchema);

export const changelogItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  release: z.string(),
  released_at: isoDate,
  content: z.string(),
});
export type ChangelogItem = z.infer<typeof changelogItemSchema>;
export const changelogResponse = collection(changelogItemSchema);

export const roadmapItemSchema = z.object({ id: z.number(), title: z.string(), content: z.string() });
export type RoadmapItem = z.infer<typeof roadmapItemSchema>;
export const roadmapResponse = collection(roadmapItemSchema);
