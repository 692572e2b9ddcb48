import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { onboardingShowRoute } from './onboarding.show.tsx';

export const onboardingCreateShowRoute = createRoute({
  getParentRoute: () => onboardingShowRoute,
  path: 'create',
  component: notAvailable('Podcast anlegen'),
});
