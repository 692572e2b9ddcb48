import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { onboardingShowRoute } from './onboarding.show.tsx';

export const onboardingCompleteShowRoute = createRoute({
  getParentRoute: () => onboardingShowRoute,
  path: 'complete/$id',
  component: notAvailable('Geschafft!'),
});
