// Screens that combine two feature areas (features never import each other): the selected
// podcast from podcasts/, its team from team/. Loaded lazily by their route files.
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { can } from '../../../shared/roles.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { refreshContext, usePodcast } from '../../features/podcasts/api/get-context.ts';
import { EditSection } from '../../features/podcasts/components/edit/edit-section.tsx';
import { InvitationList } from '../../features/team/components/invitation-list.tsx';
import { InviteForm } from '../../features/team/components/invite-form.tsx';
import { PodcastTeam } from '../../features/team/components/podcast-team.tsx';

/** The selected podcast as the team components want it, and the refresh after a team change. */
function useTeamPodcast() {
  const queryClient = useQueryClient();
  const podcast = usePodcast();
  return {
    podcast: podcast && { id: podcast.id, role: podcast.role.key },
    full: podcast,
    // Member count and the setup tile 'invite coworkers' follow the team.
    onChanged: () => void refreshContext(queryClient),
  };
}

/** podcast.edit.coworkers. */
export function PodcastEditCoworkersScreen() {
  const { podcast, full, onChanged } = useTeamPodcast();
  if (!podcast || !full) return null;
  return (
    <EditSection
      title="Coworker*innen"
      intro="Wer an deinem Podcast mitarbeitet, und wen du eingeladen hast."
      editable
      podcast={full}
    >
      <PodcastTeam podcast={podcast} level={3} onChanged={onChanged} />
    </EditSection>
  );
}

/** podcast.coworkers.list. */
export function PodcastCoworkersScreen() {
  useDocumentTitle('Coworker*innen');
  const { podcast, full, onChanged } = useTeamPodcast();
  if (!podcast || !full) return null;
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">Coworker*innen</h1>
      <p className="mt-1 mb-6 text-slate-600">Das Team von „{full.title}“.</p>
      <PodcastTeam podcast={podcast} onChanged={onChanged} />
    </section>
  );
}

const inviteRoute = getRouteApi('/app/podcast-required/podcasts/$id/invite');

/** podcasts.invite (podcasts/:id/invite): the form, then the podcast's invitations. */
export function PodcastsInviteScreen() {
  useDocumentTitle('Coworker*innen einladen');
  const id = Number(inviteRoute.useParams().id);
  const selected = usePodcast();
  // The role is known for the selected podcast; for another one the server decides.
  const role = selected?.id === id ? selected.role.key : null;
  const mayInvite = role === null || can(role, 'invitations.create');
  return (
    <section className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">Coworker*innen einladen</h1>
      {selected?.id === id && <p className="mt-1 text-slate-600">für „{selected.title}“</p>}
      <div className="mt-6">
        {mayInvite ? (
          <InviteForm podcastId={id} />
        ) : (
          <p className="text-slate-700">
            Als {selected?.role.trans} kannst du keine Coworker*innen einladen. Das können die Inhaber*in und
            Manager*innen.
          </p>
        )}
      </div>
      <h2 className="mt-10 mb-2 text-lg font-semibold text-slate-900">Einladungen</h2>
      <InvitationList podcastId={id} canResend={mayInvite} />
    </section>
  );
}
