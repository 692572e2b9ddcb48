import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { appRoute } from './app.tsx';

export const accountAssistancesListRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'account/assistances',
  component: notAvailable('Deine Tipps von der Kompass-KI'),
});
