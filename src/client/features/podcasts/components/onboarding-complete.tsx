import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { apiError } from '../../../api/errors.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { useSelectContext } from '../api/get-context.ts';
import { forgetOnboardingHere, saveOnboarding } from '../api/save-onboarding.ts';
import { OnboardingFrame } from './onboarding-frame.tsx';

/** onboarding.complete (§4): selects the podcast as context and goes to the dashboard. */
export function OnboardingComplete() {
  const id = Number(useParams({ strict: false }).id);
  const navigate = useNavigate();
  const select = useSelectContext();
  const queryClient = useQueryClient();
  const started = useRef(false);
  // Onboarding ends here (the server forgets the open step), before the dashboard's guard looks.
  const run = () =>
    select.mutate(id, {
      onSuccess: () =>
        void saveOnboarding(queryClient, id, null)
          .catch(() => forgetOnboardingHere(queryClient))
          .then(() => navigate({ to: '/app/podcast', replace: true })),
    });

  // Once, also under StrictMode's double effect.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run();
  });

  return (
    <OnboardingFrame step={3} title="Geschafft!">
      {select.isError ? (
        <div className="space-y-4">
          <Banner tone="error">{apiError(select.error).message}</Banner>
          <Button type="button" onClick={run}>
            Noch einmal versuchen
          </Button>
        </div>
      ) : (
        <p role="status" className="text-slate-700">
          Dein Podcast ist eingerichtet. Gleich geht es weiter zu deinem Dashboard …
        </p>
      )}
    </OnboardingFrame>
  );
}
