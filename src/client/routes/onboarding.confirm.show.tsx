import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { onboardingShowRoute } from './onboarding.show.tsx';

export const onboardingConfirmShowRoute = createRoute({
  getParentRoute: () => onboardingShowRoute,
  path: 'confirm/$id',
  component: lazyRouteComponent(
    () => import('../features/podcasts/components/onboarding-confirm.tsx'),
    'OnboardingConfirm',
  ),
});
