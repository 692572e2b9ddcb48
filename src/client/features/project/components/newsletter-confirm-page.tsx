import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { apiError } from '../../../api/errors.ts';
import { Banner } from '../../../components/banner.tsx';
import { buttonClass } from '../../../components/button.tsx';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { confirmNewsletter } from '../../../lib/public-forms.ts';

/** /newsletter/confirm?token=…: the link of the double opt-in mail confirms the sign-up. */
export function NewsletterConfirmPage({ token }: { token: string }) {
  useDocumentTitle('Newsletter bestätigen');
  const confirm = useMutation({ mutationFn: confirmNewsletter });
  const { mutate } = confirm;
  useEffect(() => mutate(token), [mutate, token]);
  return (
    <PublicLayout>
      <div className="mx-auto max-w-md space-y-6 px-4 py-16">
        <h1 className="text-2xl font-bold text-slate-900">Newsletter bestätigen</h1>
        {confirm.isError ? (
          <Banner tone="error">{apiError(confirm.error).message}</Banner>
        ) : confirm.isSuccess ? (
          <Banner tone="success">{confirm.data.message}</Banner>
        ) : (
          <p className="text-slate-700">Deine Anmeldung wird bestätigt …</p>
        )}
        <Link to="/" className={buttonClass('secondary')}>
          Zur Startseite
        </Link>
      </div>
    </PublicLayout>
  );
}
