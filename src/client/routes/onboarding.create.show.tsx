import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { onboardingShowRoute } from './onboarding.show.tsx';

export const onboardingCreateShowRoute = createRoute({
  getParentRoute: () => onboardingShowRoute,
  path: 'create',
  component: lazyRouteComponent(
    () => import('../features/podcasts/components/onboarding-create.tsx'),
    'OnboardingCreate',
  ),
});
