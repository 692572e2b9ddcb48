import { Link } from '@tanstack/react-router';
import { passwordForgotSchema } from '../../../../shared/account.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { AuthCard } from '../../../components/public-layout.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useForm } from '../../../lib/forms.ts';
import { useSendPasswordLink } from '../api/send-password-link.ts';
import { EmailField } from '../../../components/email-field.tsx';

/** /password/forgot: asks for the email and mails a reset link. */
export function PasswordForgotPage() {
  useDocumentTitle('Passwort vergessen');
  const send = useSendPasswordLink();
  const form = useForm(passwordForgotSchema, send);

  return (
    <AuthCard title="Passwort vergessen">
      {send.isSuccess ? (
        <Banner tone="success">{send.data.message}</Banner>
      ) : (
        <form noValidate className="space-y-5" onSubmit={form.onSubmit}>
          <p className="text-slate-700">
            Gib die E-Mail-Adresse deines Accounts ein. Wir schicken dir einen Link, mit dem du ein neues
            Passwort festlegen kannst.
          </p>
          {form.message && <Banner tone="error">{form.message}</Banner>}
          <EmailField errors={form.errors} />
          <Button className="w-full" pending={form.pending}>
            Link zum Zurücksetzen senden
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-brand-800 hover:underline">
          Zurück zum Login
        </Link>
      </p>
    </AuthCard>
  );
}
