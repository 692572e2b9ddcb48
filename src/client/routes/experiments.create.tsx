import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { idParam } from '../lib/search-params.ts';
import { experimentsRoute } from './experiments-section.tsx';

export const experimentsCreateRoute = createRoute({
  getParentRoute: () => experimentsRoute,
  path: 'create',
  /** The method to start from (§2: experiments.create accepts practice_id). */
  // A link inside the app hands the number itself; the address bar a string.
  validateSearch: (search: Record<string, unknown>): { practice_id?: number } => ({
    practice_id: idParam(
      typeof search.practice_id === 'number' ? String(search.practice_id) : search.practice_id,
    ),
  }),
  component: lazyRouteComponent(() => import('./screens/experiment-screens.tsx'), 'ExperimentsCreateScreen'),
});
