import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { settingsRoute } from './settings.tsx';

export const settingsContractRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'contract',
  component: lazyRouteComponent(() => import('./screens/billing-screens.tsx'), 'SettingsContractScreen'),
});
