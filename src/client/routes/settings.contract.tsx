import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { settingsRoute } from './settings.tsx';

export const settingsContractRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'contract',
  component: notAvailable('Abo & Vertrag', 2),
});
