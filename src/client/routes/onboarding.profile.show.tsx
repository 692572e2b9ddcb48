import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { onboardingShowRoute } from './onboarding.show.tsx';

export const onboardingProfileShowRoute = createRoute({
  getParentRoute: () => onboardingShowRoute,
  path: 'profile/$id',
  // §4: skipped when the user already has a profile.
  beforeLoad: ({ context: { user }, params }) => {
    if (user.profile) throw redirect({ to: '/app/onboarding/complete/$id', params, replace: true });
  },
  component: lazyRouteComponent(() => import('./onboarding-profile-page.tsx'), 'OnboardingProfilePage'),
});
