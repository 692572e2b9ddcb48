import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const assistancesListRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'assistances',
  component: lazyRouteComponent(() => import('./screens/assistance-screens.tsx'), 'AssistancesListScreen'),
});
