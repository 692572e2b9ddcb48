import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OnboardingStep, User } from '../../../../shared/account.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';
import { accountQueryKey, setUser } from '../../../lib/session.ts';

/**
 * PUT /api/account/onboarding: the step reached with the new podcast (null: onboarding complete).
 * The server keeps it, so a reopened app leads back to it (routes/podcast-required.tsx); the
 * answer (the user) replaces the cached one, which that guard reads.
 */
export async function saveOnboarding(
  queryClient: QueryClient,
  podcastId: number,
  step: OnboardingStep | null,
) {
  const user: User = (
    await api
      .put('api/account/onboarding', { json: { podcast_id: podcastId, step } })
      .json()
      .then(parseLazily(() => import('../../../../shared/account.ts').then((m) => m.userResponse)))
  ).data;
  setUser(queryClient, user);
  return user;
}

/**
 * Onboarding is over on this device even when the server could not be told (it leads back to the
 * complete step next time, which tries again): else the dashboard's guard would send the user
 * back to the complete step at once, again and again.
 */
export function forgetOnboardingHere(queryClient: QueryClient) {
  const user = queryClient.getQueryData<User | null>(accountQueryKey);
  if (user?.onboarding) setUser(queryClient, { ...user, onboarding: null });
}

/** Saves the step, and goes on whatever the answer (the step before is kept then: no harm). */
export function useOnboardingStep() {
  const queryClient = useQueryClient();
  return (podcastId: number, step: OnboardingStep, next: () => void) =>
    void saveOnboarding(queryClient, podcastId, step)
      .catch(() => undefined)
      .finally(next);
}
