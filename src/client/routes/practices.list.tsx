import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { practicesRoute } from './practices.tsx';

export const practicesListRoute = createRoute({
  getParentRoute: () => practicesRoute,
  path: 'list',
  component: notAvailable('Lass dich inspirieren'),
});
