import type { Invitation } from '../../../../shared/team.ts';
import { apiError } from '../../../api/errors.ts';
import { Button } from '../../../components/button.tsx';
import { useInvitations } from '../api/get-invitations.ts';
import { useResendInvitation } from '../api/resend-invitation.ts';
import { EmailAddress } from '../../../components/email-address.tsx';

const day = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'Europe/Berlin' });

/** One open or expired invitation; resending works once per visit (§4: disabled after success). */
function InvitationItem({ invitation, canResend }: { invitation: Invitation; canResend: boolean }) {
  const resend = useResendInvitation(invitation.id);
  return (
    <li className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          <EmailAddress email={invitation.email} />
        </p>
        <p className="text-sm text-slate-700">
          {invitation.role.trans} · eingeladen am {day.format(new Date(invitation.created_at))}
          {invitation.expired && (
            <>
              {' · '}
              <strong className="font-semibold text-red-800">Abgelaufen!</strong>
            </>
          )}
        </p>
        {resend.isSuccess && (
          <p role="status" className="text-sm text-green-800">
            Die Einladung wurde erneut verschickt.
          </p>
        )}
        {resend.isError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {apiError(resend.error).message}
          </p>
        )}
      </div>
      {canResend && (
        <Button
          type="button"
          variant="secondary"
          className="min-h-11 px-3 py-1.5 text-sm"
          disabled={resend.isSuccess}
          pending={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {resend.isSuccess ? 'Verschickt' : 'Erneut senden'}
        </Button>
      )}
    </li>
  );
}

/** Open and expired invitations of a podcast; converted ones never come (the server filters). */
export function InvitationList({ podcastId, canResend }: { podcastId: number; canResend: boolean }) {
  const invitations = useInvitations(podcastId);
  if (invitations.isPending) return <p className="text-slate-600">Lade Einladungen...</p>;
  const list = (invitations.data ?? []).filter((i) => !i.converted);
  if (list.length === 0) return <p className="text-slate-600">Keine offenen Einladungen.</p>;
  return (
    <ul aria-label="Einladungen" className="divide-y divide-slate-200">
      {list.map((i) => (
        <InvitationItem key={i.id} invitation={i} canResend={canResend} />
      ))}
    </ul>
  );
}
