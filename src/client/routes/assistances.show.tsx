import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const assistancesShowRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'assistances/$id',
  component: lazyRouteComponent(() => import('./screens/assistance-screens.tsx'), 'AssistancesShowScreen'),
});
