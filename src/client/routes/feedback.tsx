import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './app.tsx';

const FeedbackPage = lazyRouteComponent(
  () => import('../features/feedback/components/feedback-page.tsx'),
  'FeedbackPage',
);

/** feedback (§2); `?from=/app/…` names the page the feedback is about. */
export const feedbackRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'feedback',
  validateSearch: (search: Record<string, unknown>): { from?: string } => ({
    from: typeof search.from === 'string' && /^\/[^/\\]/.test(search.from) ? search.from : undefined,
  }),
  component: function Feedback() {
    return <FeedbackPage from={feedbackRoute.useSearch().from} />;
  },
});
