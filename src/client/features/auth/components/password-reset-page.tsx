import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { passwordResetSchema } from '../../../../shared/account.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button, buttonClass } from '../../../components/button.tsx';
import { AuthCard } from '../../../components/public-layout.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useForm } from '../../../lib/forms.ts';
import { useFlash } from '../../../stores/flash.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { EmailField } from '../../../components/email-field.tsx';

const route = getRouteApi('/password/reset');

/** /password/reset?token&email: the mailed link's form for a new password. */
export function PasswordResetPage() {
  useDocumentTitle('Neues Passwort festlegen');
  const { token, email } = route.useSearch();
  const { problem } = route.useLoaderData();
  const navigate = useNavigate();
  const showFlash = useFlash((s) => s.show);
  const form = useForm(passwordResetSchema, useResetPassword(), {
    extra: () => ({ token }),
    onSuccess: ({ message }) => {
      showFlash({ tone: 'success', message });
      void navigate({ to: '/login' });
    },
  });

  if (problem) {
    return (
      <AuthCard title="Neues Passwort festlegen">
        <div className="space-y-5">
          <Banner tone="error">{problem.message}</Banner>
          <Link to="/password/forgot" className={buttonClass('primary', 'w-full')}>
            Neuen Link anfordern
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Neues Passwort festlegen">
      <form noValidate className="space-y-5" onSubmit={form.onSubmit}>
        {form.message && <Banner tone="error">{form.message}</Banner>}
        <EmailField errors={form.errors} defaultValue={email} />
        <NewPasswordFields errors={form.errors} />
        <Button className="w-full" pending={form.pending}>
          Passwort speichern
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/password/forgot" className="font-semibold text-brand-800 hover:underline">
          Neuen Link anfordern
        </Link>
      </p>
    </AuthCard>
  );
}
