import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { can, type Role } from '../../../../shared/roles.ts';
import type { Membership } from '../../../../shared/team.ts';
import { apiError } from '../../../api/errors.ts';
import { Avatar, displayName } from '../../../components/avatar.tsx';
import { Button } from '../../../components/button.tsx';
import { RemoveDialog } from '../../../components/remove-dialog.tsx';
import { useChangeMembership, type MembershipAction } from '../api/change-membership.ts';
import { useMemberships } from '../api/get-memberships.ts';
import { EmailAddress } from '../../../components/email-address.tsx';

type Shown = 'active' | 'inactive' | 'deleted';

/** What the row shows while the call runs, and after it failed (§4 Membership). */
const optimistic: Record<MembershipAction, Shown> = {
  deactivate: 'inactive',
  reactivate: 'active',
  delete: 'deleted',
};
const afterFailure: Record<MembershipAction, Shown> = {
  deactivate: 'active',
  reactivate: 'inactive',
  delete: 'inactive',
};

const smallButton = 'min-h-11 px-3 py-1.5 text-sm';

function RemoveButton({ name, onConfirm }: { name: string; onConfirm: () => void }) {
  return (
    <RemoveDialog
      name={name}
      description={`${name} verliert den Zugriff auf diesen Podcast. Du kannst die Person später erneut einladen.`}
      trigger={
        <Button type="button" variant="ghost" className={`${smallButton} text-red-800`}>
          Entfernen
        </Button>
      }
      onConfirm={onConfirm}
    />
  );
}

/** The owner's actions on someone else's row; the displayed state changes at once. */
function MembershipItem({
  membership,
  manage,
  onChanged,
}: {
  membership: Membership;
  manage: boolean;
  onChanged?: () => void;
}) {
  const change = useChangeMembership(membership.podcast.id);
  const [shown, setShown] = useState<Shown | null>(null);
  const active = shown ? shown === 'active' : membership.active;
  const { user } = membership;
  const name = displayName(user);

  function act(action: MembershipAction) {
    setShown(optimistic[action]);
    change.mutate(
      { id: membership.id, action },
      { onError: () => setShown(afterFailure[action]), onSuccess: () => onChanged?.() },
    );
  }

  if (shown === 'deleted') return null;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar user={user} />
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">
            {name}
            {user.is_self && <span className="font-normal text-slate-600"> (du)</span>}
          </p>
          <p className="text-sm text-slate-600">
            <EmailAddress email={user.email} />
          </p>
          <p className="text-sm text-slate-700">
            {membership.role.trans}
            {' · '}
            <span className={active ? 'text-green-800' : 'text-slate-600'}>
              {active ? 'Aktiv' : 'Inaktiv'}
            </span>
          </p>
        </div>
      </div>
      {manage && !user.is_self && (
        <div className="flex flex-wrap gap-1 sm:justify-end">
          <Link
            to="/app/profile/$id"
            params={{ id: String(user.id) }}
            className={`inline-flex items-center rounded-xl font-semibold text-brand-800 hover:bg-brand-50 ${smallButton}`}
          >
            Profil
          </Link>
          {active ? (
            <Button type="button" variant="ghost" className={smallButton} onClick={() => act('deactivate')}>
              Deaktivieren
            </Button>
          ) : (
            <Button type="button" variant="ghost" className={smallButton} onClick={() => act('reactivate')}>
              Reaktivieren
            </Button>
          )}
          <RemoveButton name={name} onConfirm={() => act('delete')} />
        </div>
      )}
      {change.isError && (
        <p role="alert" className="text-sm font-medium text-red-700 sm:basis-full">
          {apiError(change.error).message}
        </p>
      )}
    </li>
  );
}

type Props = {
  podcast: { id: number; role: Role };
  /** After a change (the podcast's member count and setup checklist follow it). */
  onChanged?: () => void;
};

/** The podcast's team (§2 membership list); only the owner sees actions, never on their own row (§6). */
export function MembershipList({ podcast, onChanged }: Props) {
  const memberships = useMemberships(podcast.id);
  const manage = can(podcast.role, 'memberships.manage');
  if (memberships.isPending) return <p className="text-slate-600">Lade Team...</p>;
  // A failed load shows the list empty (§8).
  const list = memberships.data ?? [];
  if (list.length === 0) return <p className="text-slate-600">Noch niemand im Team.</p>;
  return (
    <ul aria-label="Team" className="divide-y divide-slate-200">
      {list.map((m) => (
        <MembershipItem key={m.id} membership={m} manage={manage} onChanged={onChanged} />
      ))}
    </ul>
  );
}
