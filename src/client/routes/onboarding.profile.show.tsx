import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { onboardingShowRoute } from './onboarding.show.tsx';

export const onboardingProfileShowRoute = createRoute({
  getParentRoute: () => onboardingShowRoute,
  path: 'profile/$id',
  component: notAvailable('Erzähl uns von dir'),
});
