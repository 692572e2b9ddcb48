import { createRoute, redirect } from '@tanstack/react-router';
import { contextQueryOptions } from '../features/podcasts/api/get-context.ts';
import { podcastsQueryOptions } from '../features/podcasts/api/get-podcasts.ts';
import { cachedOnStart } from '../lib/fetch-or-cached.ts';
import { appRoute } from './app.tsx';

/**
 * Pathless parent of every screen that needs a podcast (dashboard, podcast.*, podcasts.*,
 * practices.*, experiments.*, assistances.*, compilations.*): without one, onboarding.show.
 * The selected podcast (the context), which every screen below needs, is asked for beside the
 * list, not after it (one round trip less before a screen's own requests).
 */
export const podcastRequiredRoute = createRoute({
  getParentRoute: () => appRoute,
  id: 'podcast-required',
  beforeLoad: async ({ context: { queryClient, user } }) => {
    // Until onboarding is complete, its open step instead (left at the confirm step,
    // the app came back to the dashboard for good). The user is loaded already: no request.
    const open = user.onboarding;
    if (open) {
      const step = open.step === 'profile' && user.profile ? 'complete' : open.step;
      throw redirect({ to: `/app/onboarding/${step}/$id`, params: { id: String(open.podcast_id) } });
    }
    // A failure here is the guard's to report (below); the screens ask for the context again.
    cachedOnStart(queryClient, contextQueryOptions()).catch(() => undefined);
    const podcasts = await cachedOnStart(queryClient, podcastsQueryOptions(), (list) => list.length > 0);
    if (podcasts?.length === 0) throw redirect({ to: '/app/onboarding' });
  },
});
