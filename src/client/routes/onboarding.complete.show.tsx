import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { onboardingShowRoute } from './onboarding.show.tsx';

export const onboardingCompleteShowRoute = createRoute({
  getParentRoute: () => onboardingShowRoute,
  path: 'complete/$id',
  component: lazyRouteComponent(
    () => import('../features/podcasts/components/onboarding-complete.tsx'),
    'OnboardingComplete',
  ),
});
