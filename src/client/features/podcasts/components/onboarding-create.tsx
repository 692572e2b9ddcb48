import { useNavigate } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import type { Podcast } from '../../../../shared/podcasts.ts';
import { Button } from '../../../components/button.tsx';
import { useUser } from '../../../lib/session.ts';
import { useCreatePodcast } from '../api/create-podcast.ts';
import { useOnboardingStep } from '../api/save-onboarding.ts';
import { ImportForm } from './import-form.tsx';
import { OnboardingFrame } from './onboarding-frame.tsx';
import { PodcastForm } from './podcast-form.tsx';

const tab =
  'min-h-11 flex-1 rounded-lg px-3 text-sm font-semibold text-slate-700 ' +
  'data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm';

/** onboarding.create: a new podcast from the form, or one imported from its feed; then confirm. */
export function OnboardingCreate() {
  const navigate = useNavigate();
  const user = useUser();
  const create = useCreatePodcast();
  const reached = useOnboardingStep();
  const toConfirm = (podcast: Podcast) =>
    reached(
      podcast.id,
      'confirm',
      () => void navigate({ to: '/app/onboarding/confirm/$id', params: { id: String(podcast.id) } }),
    );
  // The title typed at registration, for the first podcast only (a second one gets its own).
  const title = user?.owned_podcasts === 0 ? (user.podcast_title ?? undefined) : undefined;

  return (
    <OnboardingFrame
      step={0}
      title="Podcast anlegen"
      intro="Leg deinen Podcast neu an oder übernimm ihn mit allen Folgen aus seinem RSS-Feed."
    >
      <Tabs.Root defaultValue="create">
        <Tabs.List
          aria-label="Wie möchtest du starten?"
          className="mb-6 flex gap-1 rounded-xl bg-slate-100 p-1"
        >
          <Tabs.Trigger value="create" className={tab}>
            Neu anlegen
          </Tabs.Trigger>
          <Tabs.Trigger value="import" className={tab}>
            RSS-Feed importieren
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="create">
          <PodcastForm podcast={{ title }} mutation={create} onSuccess={toConfirm}>
            <Button className="w-full" pending={create.isPending}>
              Podcast anlegen
            </Button>
          </PodcastForm>
        </Tabs.Content>
        <Tabs.Content value="import">
          <ImportForm onImported={toConfirm} />
        </Tabs.Content>
      </Tabs.Root>
    </OnboardingFrame>
  );
}
