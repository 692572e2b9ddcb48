import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { loadUser } from '../lib/session.ts';
import { rootRoute } from './root.tsx';
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

/** /feedback for guests: feedback needs a login (a signed-in user goes on to the form). */
export const publicFeedbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'feedback',
  beforeLoad: async ({ context: { queryClient } }) => {
    const user = await loadUser(queryClient).catch(() => null);
    if (user?.verified) throw redirect({ to: '/app/feedback' });
  },
  component: lazyRouteComponent(
    () => import('../features/feedback/components/feedback-page.tsx'),
    'FeedbackLoginPage',
  ),
});
