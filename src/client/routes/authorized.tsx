import { createRoute, redirect } from '@tanstack/react-router';
import { appRoute } from './app.tsx';

/** Return address of the membership platform's authorization: on to the contract settings. */
export const authorizedRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'authorized',
  beforeLoad: () => {
    throw redirect({ to: '/app/settings/contract' });
  },
});
