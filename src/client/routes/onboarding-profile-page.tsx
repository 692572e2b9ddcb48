// onboarding.profile puts two features together: the wizard (podcasts) and the profile form
// (settings), which features may not import from each other.
import { useNavigate, useParams } from '@tanstack/react-router';
import { useOnboardingStep } from '../features/podcasts/api/save-onboarding.ts';
import { OnboardingFrame } from '../features/podcasts/components/onboarding-frame.tsx';
import { ProfileForm } from '../features/settings/components/profile-form.tsx';

export function OnboardingProfilePage() {
  const navigate = useNavigate();
  const { id = '' } = useParams({ strict: false });
  const reached = useOnboardingStep();
  return (
    <OnboardingFrame step={2} title="Erzähl uns von dir">
      <ProfileForm
        onSaved={() =>
          reached(
            Number(id),
            'complete',
            () => void navigate({ to: '/app/onboarding/complete/$id', params: { id } }),
          )
        }
      />
    </OnboardingFrame>
  );
}
