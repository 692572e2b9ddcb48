import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { practicesShowRoute } from './practices.show.tsx';

export const practicesShowContentRoute = createRoute({
  getParentRoute: () => practicesShowRoute,
  path: 'content',
  component: notAvailable('Beschreibung'),
});
