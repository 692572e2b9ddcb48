import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import type { Podcast } from '../../../../shared/podcasts.ts';
import { apiError } from '../../../api/errors.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { accountQueryKey, useUser } from '../../../lib/session.ts';
import { useDeletePodcast } from '../api/delete-podcast.ts';
import { usePodcastById } from '../api/get-podcast.ts';
import { useUpdatePodcast } from '../api/update-podcast.ts';
import { useOnboardingStep } from '../api/save-onboarding.ts';
import { OnboardingFrame } from './onboarding-frame.tsx';
import { PodcastForm } from './podcast-form.tsx';

/** §8: the confirm step without a loaded podcast. */
export const CONFIRM_FAILED = 'Da hat etwas nicht richtig geklappt... Bitte probiere es noch einmal.';

/** onboarding.confirm: the created or imported podcast, editable; 'Zurück' takes it back. */
export function OnboardingConfirm() {
  const id = Number(useParams({ strict: false }).id);
  const query = usePodcastById(id);
  return (
    <OnboardingFrame step={1} title="Stimmt alles?">
      {query.data ? (
        <ConfirmForm podcast={query.data} />
      ) : query.isError ? (
        <div className="space-y-4">
          <Banner tone="error">{CONFIRM_FAILED}</Banner>
          <Button type="button" pending={query.isFetching} onClick={() => void query.refetch()}>
            Noch einmal versuchen
          </Button>
        </div>
      ) : (
        <p role="status" className="text-slate-700">
          Lade deinen Podcast …
        </p>
      )}
    </OnboardingFrame>
  );
}

function ConfirmForm({ podcast }: { podcast: Podcast }) {
  const navigate = useNavigate();
  const user = useUser();
  const params = { id: String(podcast.id) };
  const update = useUpdatePodcast(podcast.id);
  const queryClient = useQueryClient();
  // Fresh, so no password (README); afterwards back to create, with the account read again (its
  // open step is gone with the podcast, and a first podcast's create step offers the title again).
  const remove = useDeletePodcast(
    podcast.id,
    () =>
      void queryClient
        .refetchQueries({ queryKey: accountQueryKey })
        .finally(() => void navigate({ to: '/app/onboarding/create' })),
  );
  const reached = useOnboardingStep();
  // §4: the profile step is skipped when the user already has a profile.
  const onSaved = () =>
    reached(
      podcast.id,
      user?.profile ? 'complete' : 'profile',
      () =>
        void navigate({
          to: user?.profile ? '/app/onboarding/complete/$id' : '/app/onboarding/profile/$id',
          params,
        }),
    );

  return (
    <PodcastForm
      podcast={podcast}
      mutation={update}
      onSuccess={onSaved}
      status={
        <>
          <PodcastSummary podcast={podcast} />
          {remove.isError && <Banner tone="error">{apiError(remove.error).message}</Banner>}
        </>
      }
    >
      <Button
        type="button"
        variant="secondary"
        className="sm:flex-1"
        pending={remove.isPending}
        disabled={update.isPending}
        onClick={() => remove.mutate({})}
      >
        Zurück
      </Button>
      <Button className="sm:flex-1" pending={update.isPending} disabled={remove.isPending}>
        Stimmt alles so
      </Button>
    </PodcastForm>
  );
}

/** What the import found; a podcast made from the form has nothing to show yet. */
function PodcastSummary({ podcast }: { podcast: Podcast }) {
  if (!podcast.rss_uri && !podcast.image) return null;
  return (
    <div className="flex items-center gap-4 rounded-xl bg-slate-50 p-3">
      {podcast.image && (
        <img src={podcast.image.image_uri} alt="" className="size-16 shrink-0 rounded-lg object-cover" />
      )}
      <p className="text-sm text-slate-700">
        {podcast.num_episodes === 1 ? 'Eine Folge' : `${podcast.num_episodes} Folgen`} im Feed gefunden. Prüfe
        die Angaben und ergänze, was fehlt.
      </p>
    </div>
  );
}
