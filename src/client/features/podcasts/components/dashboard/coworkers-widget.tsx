import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { can } from '../../../../../shared/roles.ts';
import type { Podcast } from '../../../../../shared/podcasts.ts';
import type { Membership } from '../../../../../shared/team.ts';
import { Avatar, displayName } from '../../../../components/avatar.tsx';
import { buttonClass } from '../../../../components/button.tsx';
import { WidgetCard } from './widget-card-actions.tsx';
import { EmailAddress } from '../../../../components/email-address.tsx';

/**
 * The team's list query (features/team/api/get-memberships.ts). The route hands it in: features
 * don't import each other.
 */
export type MembershipsQuery = (
  podcastId: number,
) => UseQueryOptions<Membership[], Error, Membership[], readonly unknown[]>;

/**
 * 'Coworker*innen (count)' (§2): the active team, image or placeholder, name or 'Ohne Name', email,
 * and the button to the invite screen for who may invite. A failed load leaves the list empty (§8).
 */
export function CoworkersWidget({ podcast, query }: { podcast: Podcast; query: MembershipsQuery }) {
  const memberships = useQuery(query(podcast.id));
  const active = memberships.data?.filter((m) => m.active) ?? [];
  const count = memberships.data ? active.length : podcast.num_memberships;

  return (
    <WidgetCard title={`Coworker*innen (${count})`}>
      {memberships.isPending ? (
        <p className="text-slate-600">Lade Coworker*innen...</p>
      ) : active.length === 0 ? (
        <p className="text-slate-700">Hier erscheinen alle, die an deinem Podcast mitarbeiten.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {active.map(({ id, user, role }) => (
            <li key={id} className="flex items-center gap-3 py-2">
              <Avatar user={user} />
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-slate-900">{displayName(user)}</p>
                <p className="text-sm text-slate-600">
                  <EmailAddress email={user.email} />
                </p>
              </div>
              <span className="text-sm text-slate-600">{role.trans}</span>
            </li>
          ))}
        </ul>
      )}
      {can(podcast.role.key, 'invitations.create') && (
        <Link
          to="/app/podcasts/$id/invite"
          params={{ id: String(podcast.id) }}
          className={buttonClass('secondary', 'mt-4')}
        >
          Coworker*innen einladen
        </Link>
      )}
    </WidgetCard>
  );
}
