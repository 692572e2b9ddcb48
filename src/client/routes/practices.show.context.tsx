import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { practicesShowRoute } from './practices.show.tsx';

export const practicesShowContextRoute = createRoute({
  getParentRoute: () => practicesShowRoute,
  path: 'context',
  component: notAvailable('Einordnung'),
});
