import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { podcastRequiredRoute } from './podcast-required.tsx';

/** podcast.feed-check: the findings of the feed's latest check and its rhythm. */
export const podcastFeedCheckRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'podcast/feed-check',
  component: lazyRouteComponent(
    () => import('../features/podcasts/components/feed-check/feed-check-page.tsx'),
    'FeedCheckPage',
  ),
});
