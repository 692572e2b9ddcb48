import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './app.tsx';

export const subscribedRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'subscribed',
  component: lazyRouteComponent(
    () => import('../features/billing/components/subscribed-page.tsx'),
    'SubscribedPage',
  ),
});
