import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { podcastRequiredRoute } from './podcast-required.tsx';

/** podcast.audience, 'Hörerzahlen': listener numbers from OP3 and uploaded exports, their sources. */
export const podcastAudienceRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'podcast/audience',
  component: lazyRouteComponent(() => import('./screens/audience-screens.tsx'), 'AudienceScreen'),
});
