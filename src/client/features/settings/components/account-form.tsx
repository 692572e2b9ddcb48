import { useNavigate } from '@tanstack/react-router';
import { emailChangeSchema } from '../../../../shared/account.ts';
import { Banner } from '../../../components/banner.tsx';
import { CurrentPasswordField } from '../../../components/current-password-field.tsx';
import { Button } from '../../../components/button.tsx';
import { EmailField } from '../../../components/email-field.tsx';
import { useForm } from '../../../lib/forms.ts';
import { useUser } from '../../../lib/session.ts';
import { useUpdateAccount } from '../../../lib/update-account.ts';
import { DataExportSection } from './data-export-section.tsx';
import { SectionHeading } from './settings-layout.tsx';

/**
 * settings.account: the email address, confirmed with the current password, and 'Meine Daten
 * herunterladen' (data-export-section.tsx). The name is edited
 * in one place only, the profile; the API still takes it here, so the current one goes along.
 */
export function AccountForm() {
  const user = useUser();
  const navigate = useNavigate();
  const update = useUpdateAccount();
  const form = useForm(emailChangeSchema, update, {
    extra: () => ({ name: user?.name ?? '' }),
    onSuccess: (saved, element) => {
      element.reset();
      if (!saved.verified) void navigate({ to: '/verify' });
    },
  });

  return (
    <div className="space-y-10">
      <form noValidate className="max-w-lg space-y-5" onSubmit={form.onSubmit}>
        <SectionHeading title="Account">
          Änderst du deine E-Mail-Adresse, schicken wir einen Bestätigungslink an die neue Adresse und einen
          Hinweis an die bisherige. Bis du den Link öffnest, meldest du dich weiter mit der bisherigen Adresse
          an.
        </SectionHeading>
        {form.message && <Banner tone="error">{form.message}</Banner>}
        {user?.pending_email ? (
          <Banner tone="info">
            Die neue Adresse {user.pending_email} wartet auf Bestätigung. Öffne den Link in der E-Mail, die
            wir dorthin geschickt haben.
          </Banner>
        ) : (
          update.isSuccess && <Banner tone="success">Deine Angaben wurden gespeichert.</Banner>
        )}
        <EmailField errors={form.errors} defaultValue={user?.email ?? ''} />
        <CurrentPasswordField errors={form.errors} />
        <Button pending={form.pending}>Speichern</Button>
      </form>
      <DataExportSection />
    </div>
  );
}
