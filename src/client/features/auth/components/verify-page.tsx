import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { apiError } from '../../../api/errors.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { AuthCard } from '../../../components/public-layout.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { accountQueryOptions, useLogout } from '../../../lib/session.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { EmailCorrection } from './email-correction.tsx';

/** /verify: held here until the email is confirmed (§2, §4). */
export function VerifyPage() {
  useDocumentTitle('Anmelde-Bestätigung ausstehend');
  const navigate = useNavigate();
  // Confirming in another tab or on the phone: coming back here moves on by itself.
  const { data: user } = useQuery({ ...accountQueryOptions(), refetchOnWindowFocus: 'always' });
  const resend = useResendVerification();
  const logout = useLogout();

  useEffect(() => {
    if (user?.verified) void navigate({ to: '/app/dashboard' });
  }, [user?.verified, navigate]);

  return (
    <AuthCard title="Anmelde-Bestätigung ausstehend">
      <div className="space-y-5">
        <p className="text-slate-700">
          Wir haben dir eine E-Mail
          {user?.email && (
            <>
              {' '}
              an <strong className="break-words text-slate-900">{user.email}</strong>
            </>
          )}{' '}
          geschickt. Bitte klicke auf den Link darin, um deine E-Mail-Adresse zu bestätigen.
        </p>
        <p className="text-sm text-slate-600">Keine E-Mail bekommen? Schau bitte auch im Spam-Ordner nach.</p>
        {resend.isError && <Banner tone="error">{apiError(resend.error).message}</Banner>}
        <Button
          type="button"
          className="w-full"
          pending={resend.isPending}
          disabled={resend.isSuccess}
          onClick={() => resend.mutate()}
        >
          {resend.isSuccess ? 'Neue E-Mail versendet' : 'Neue E-Mail anfordern'}
        </Button>
        {/* A new address got a new link: 'Neue E-Mail anfordern' is available again. */}
        {user && <EmailCorrection user={user} onCorrected={() => resend.reset()} />}
        <Button
          type="button"
          variant="secondary"
          className="w-full"
          onClick={() => logout.mutate(undefined, { onSettled: () => void navigate({ to: '/login' }) })}
        >
          Logout
        </Button>
      </div>
    </AuthCard>
  );
}
