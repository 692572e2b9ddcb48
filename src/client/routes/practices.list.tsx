import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { oneOf, slugListParam } from '../lib/search-params.ts';
import { practicesRoute } from './practices.tsx';

// The keys of the shared vocabularies (src/shared/podcast-practices.ts, vocabulary.ts), spelled
// out so that zod stays off the first paint; the list page checks them against the vocabularies'
// types.
const orders = ['advice', 'latest', 'money', 'effort'] as const;
const statuses = ['open', 'bookmarked', 'applied', 'rejected'] as const;
const expansions = ['pre_launch', 'lt_1k', 'lt_20k', 'lt_50k', 'lt_200k', 'gt_200k'] as const;
const relevances = ['essential', 'optional'] as const;

/** The list's order and filters live in the URL, so a filtered list can be shared and reloaded. */
export type PracticesSearch = {
  order?: (typeof orders)[number];
  status?: (typeof statuses)[number];
  /** Keyword handles, comma-separated. */
  keywords?: string;
  expansion?: (typeof expansions)[number];
  relevance?: (typeof relevances)[number];
};

export const practicesListRoute = createRoute({
  getParentRoute: () => practicesRoute,
  path: 'list',
  validateSearch: (search: Record<string, unknown>): PracticesSearch => ({
    order: oneOf(search.order, orders),
    status: oneOf(search.status, statuses),
    keywords: slugListParam(search.keywords),
    expansion: oneOf(search.expansion, expansions),
    relevance: oneOf(search.relevance, relevances),
  }),
  component: lazyRouteComponent(() => import('./screens/practices-screens.tsx'), 'PracticesListScreen'),
});
