import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { onboardingShowRoute } from './onboarding.show.tsx';

export const onboardingConfirmShowRoute = createRoute({
  getParentRoute: () => onboardingShowRoute,
  path: 'confirm/$id',
  component: notAvailable('Podcast bestätigen'),
});
