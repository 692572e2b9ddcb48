import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './app.tsx';

export const accountAssistancesListRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'account/assistances',
  component: lazyRouteComponent(() => import('./screens/assistance-screens.tsx'), 'AccountAssistancesScreen'),
});
