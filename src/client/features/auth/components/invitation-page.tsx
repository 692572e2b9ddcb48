import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import type { z } from 'zod';
import type { invitationPreviewSchema } from '../../../../shared/team.ts';
import { apiError } from '../../../api/errors.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button, buttonClass } from '../../../components/button.tsx';
import { AuthCard } from '../../../components/public-layout.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { accountQueryOptions } from '../../../lib/session.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { invitationQueryOptions } from '../api/get-invitation.ts';
import { SetupAccountStep } from './setup-account-step.tsx';
import { SetupThanks } from './setup-thanks.tsx';

type Preview = z.infer<typeof invitationPreviewSchema>;

/**
 * /invitation/{token}, the link of an invitation mail (not a route of the spec): what the
 * invitation is for, then registration through it (a guest) or 'Einladung annehmen' (signed in).
 */
export function InvitationPage() {
  const { token = '' } = useParams({ strict: false });
  const invitation = useQuery(invitationQueryOptions(token));
  const title = !invitation.data
    ? 'Einladung'
    : invitation.data.expired
      ? 'Abgelaufen!'
      : invitation.data.converted
        ? 'Einladung angenommen'
        : 'Du bist eingeladen!';
  useDocumentTitle(title);

  return (
    <AuthCard title={title}>
      {invitation.data ? (
        <InvitationBody token={token} preview={invitation.data} />
      ) : invitation.isError ? (
        <Banner tone="error">{apiError(invitation.error).message}</Banner>
      ) : (
        <p role="status" className="text-slate-700">
          Lade die Einladung …
        </p>
      )}
    </AuthCard>
  );
}

function InvitationBody({ token, preview }: { token: string; preview: Preview }) {
  const session = useQuery(accountQueryOptions());
  if (preview.expired) {
    return (
      <p className="text-slate-700">
        Diese Einladung zu „{preview.podcast.title}“ gilt nicht mehr. Bitte {inviterName(preview)} um eine
        neue.
      </p>
    );
  }
  if (preview.converted) {
    return (
      <div className="space-y-4">
        <p className="text-slate-700">Diese Einladung zu „{preview.podcast.title}“ wurde schon angenommen.</p>
        <Link to="/app/dashboard" className={buttonClass('primary', 'w-full')}>
          Zum Studio
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <InvitationSummary preview={preview} />
      {session.isPending ? null : session.data ? (
        <AcceptInvitation token={token} email={session.data.email} invited={preview.email} />
      ) : (
        <RegisterThroughInvitation token={token} preview={preview} />
      )}
    </div>
  );
}

const inviterName = (preview: Preview) => preview.inviter.name ?? 'die Person, die dich eingeladen hat,';

function InvitationSummary({ preview }: { preview: Preview }) {
  return (
    <dl className="space-y-3 rounded-xl bg-slate-50 p-4 text-sm">
      <div>
        <dt className="text-slate-600">Podcast</dt>
        <dd className="text-base font-semibold text-slate-900">{preview.podcast.title}</dd>
      </div>
      <div>
        <dt className="text-slate-600">Eingeladen von</dt>
        <dd className="text-slate-900">{preview.inviter.name ?? 'Ohne Name'}</dd>
      </div>
      <div>
        <dt className="text-slate-600">Deine Rolle</dt>
        <dd className="text-slate-900">{preview.role.trans}</dd>
      </div>
      <div>
        <dt className="text-slate-600">Eingeladene Adresse</dt>
        <dd className="break-words text-slate-900">{preview.email}</dd>
      </div>
    </dl>
  );
}

/**
 * The link is a bearer token: signed in with the invited address, one tap accepts; with another
 * address, the page warns and the button says whose account joins (the server insists too).
 */
function AcceptInvitation({
  token,
  email,
  invited,
}: {
  token: string;
  email: string | null;
  invited: string;
}) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation(() => void navigate({ to: '/app/podcast', replace: true }));
  const otherAddress = (email ?? '').toLowerCase() !== invited.toLowerCase();
  return (
    <div className="space-y-4">
      {accept.isError && <Banner tone="error">{apiError(accept.error).message}</Banner>}
      <p className="text-sm text-slate-700">
        Du bist angemeldet als <strong className="break-words text-slate-900">{email}</strong>.
      </p>
      {otherAddress && (
        <Banner tone="warning">
          Diese Einladung ging an <strong className="break-words">{invited}</strong>, nicht an deine Adresse.
          Nimm sie nur an, wenn sie für dich bestimmt ist: Wer den Link hat, kann damit dem Team beitreten.
        </Banner>
      )}
      <Button
        type="button"
        className="w-full"
        pending={accept.isPending}
        onClick={() => accept.mutate({ token, confirm: otherAddress })}
      >
        {otherAddress ? 'Trotzdem mit meinem Konto annehmen' : 'Einladung annehmen'}
      </Button>
    </div>
  );
}

/** A guest registers through the invitation (which proves the address) or logs in first. */
function RegisterThroughInvitation({ token, preview }: { token: string; preview: Preview }) {
  const [sentTo, setSentTo] = useState<string>();
  if (sentTo) return <SetupThanks email={sentTo} />;
  return (
    <div className="space-y-6">
      <SetupAccountStep extra={{ invitation: token }} defaultEmail={preview.email} onDone={setSentTo} />
      <p className="text-center text-sm text-slate-700">
        Du hast schon einen Account?{' '}
        <Link
          to="/login"
          search={{ redirect: `/invitation/${token}` }}
          className="font-semibold text-brand-800 hover:underline"
        >
          Anmelden und Einladung annehmen
        </Link>
      </p>
    </div>
  );
}
