import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { idParam } from '../lib/search-params.ts';
import { experimentsRoute } from './experiments.tsx';

export const experimentsCreateRoute = createRoute({
  getParentRoute: () => experimentsRoute,
  path: 'create',
  /** The method to start from (§2: experiments.create accepts practice_id). */
  validateSearch: (search: Record<string, unknown>): { practice_id?: number } => ({
    practice_id: idParam(search.practice_id),
  }),
  component: notAvailable('Neues Experiment starten'),
});
