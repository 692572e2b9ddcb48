// The guard's kind of a tip (access/kinds.ts), by its own `podcast_id`. Registered by app.ts
// before the routes.
import { assistanceMessages } from '../../shared/assistances.ts';
import type { PodcastKind } from '../access/access-query.ts';
import { ownedBy, type PodcastVia } from '../access/kinds.ts';

declare module '../access/kinds.ts' {
  interface PodcastKindNames {
    assistance: true;
  }
}

export const assistanceKinds = {
  assistance: { missing: assistanceMessages.notFound, narrow: ownedBy('assistances') },
} satisfies Partial<Record<PodcastVia, PodcastKind>>;
