import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { loginSchema } from '../../../../shared/account.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { AuthCard } from '../../../components/public-layout.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useForm } from '../../../lib/forms.ts';
import { useCreateSession } from '../api/create-session.ts';
import { EmailField } from '../../../components/email-field.tsx';

export function LoginPage() {
  useDocumentTitle('Anmelden');
  const navigate = useNavigate();
  const { redirect } = useSearch({ from: '/login' });
  const form = useForm(loginSchema, useCreateSession(), {
    // Back where the login was asked for (an invitation), else the dashboard, whose guards take
    // an unverified user to /verify and one without podcast onwards.
    onSuccess: () =>
      void (redirect ? navigate({ to: '.', href: redirect }) : navigate({ to: '/app/dashboard' })),
  });

  return (
    <AuthCard title="Anmelden">
      <form noValidate className="space-y-5" onSubmit={form.onSubmit}>
        {form.message && <Banner tone="error">{form.message}</Banner>}
        <EmailField errors={form.errors} />
        <TextField
          label="Passwort"
          name="password"
          type="password"
          autoComplete="current-password"
          error={form.errors.password}
        />
        <p className="text-right">
          <Link to="/password/forgot" className="text-sm font-medium text-brand-800 hover:underline">
            Passwort vergessen?
          </Link>
        </p>
        <Button className="w-full" pending={form.pending}>
          Anmelden
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        Noch kein Account?{' '}
        <Link to="/setup" className="font-semibold text-brand-800 hover:underline">
          Kostenlos registrieren
        </Link>
      </p>
    </AuthCard>
  );
}
