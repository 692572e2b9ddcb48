import { Link } from '@tanstack/react-router';
import { can, type Role } from '../../../../shared/roles.ts';
import { buttonClass } from '../../../components/button.tsx';
import { InvitationList } from './invitation-list.tsx';
import { MembershipList } from './membership-list.tsx';

type Props = {
  podcast: { id: number; role: Role };
  /** h2 inside a page with its own h1, h3 inside a section. */
  level?: 2 | 3;
  onChanged?: () => void;
};

/** The podcast's team and its open invitations, with the way to invite (podcast.coworkers, podcast.edit.coworkers). */
export function PodcastTeam({ podcast, level = 2, onChanged }: Props) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const mayInvite = can(podcast.role, 'invitations.create');
  return (
    <div className="space-y-8">
      {mayInvite && (
        <Link to="/app/podcasts/$id/invite" params={{ id: String(podcast.id) }} className={buttonClass()}>
          Coworker*in einladen
        </Link>
      )}
      <section>
        <Heading className="mb-2 text-lg font-semibold text-slate-900">Team</Heading>
        <MembershipList podcast={podcast} onChanged={onChanged} />
      </section>
      <section>
        <Heading className="mb-2 text-lg font-semibold text-slate-900">Einladungen</Heading>
        <InvitationList podcastId={podcast.id} canResend={mayInvite} />
      </section>
    </div>
  );
}
