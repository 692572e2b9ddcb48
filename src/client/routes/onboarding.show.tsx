import { createRoute, redirect } from '@tanstack/react-router';
import { appRoute } from './app.tsx';

export const onboardingShowRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'onboarding',
});

/** onboarding itself redirects (§2). */
export const onboardingShowIndexRoute = createRoute({
  getParentRoute: () => onboardingShowRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/app/onboarding/create' });
  },
});
