import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { notAvailable } from '../components/not-available.tsx';
import { experimentsRoute } from './experiments.tsx';

export const experimentsCreateRoute = createRoute({
  getParentRoute: () => experimentsRoute,
  path: 'create',
  /** The method to start from (§2: experiments.create accepts practice_id). */
  validateSearch: z.object({ practice_id: z.coerce.number().int().positive().optional().catch(undefined) }),
  component: notAvailable('Neues Experiment starten'),
});
