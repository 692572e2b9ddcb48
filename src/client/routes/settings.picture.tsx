import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { settingsRoute } from './settings.tsx';

export const settingsPictureRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'picture',
  component: lazyRouteComponent(
    () => import('../features/settings/components/picture-form.tsx'),
    'PictureForm',
  ),
});
