import type { Podcast } from '../../../shared/podcasts.ts';

/** The selected podcast as the experiment components (features/experiments) take it. */
export const simple = (p: Podcast) => ({ id: p.id, title: p.title, active: p.active, role: p.role.key });
