import { useNavigate } from '@tanstack/react-router';
import { accountUpdateSchema } from '../../../../shared/account.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useForm } from '../../../lib/forms.ts';
import { useUser } from '../../../lib/session.ts';
import { useUpdateAccount } from '../api/update-account.ts';
import { SectionHeading } from './settings-layout.tsx';
import { EmailField } from '../../../components/email-field.tsx';

/** settings.account: name and email. A changed email has to be confirmed again. */
export function AccountForm() {
  const user = useUser();
  const navigate = useNavigate();
  const update = useUpdateAccount();
  const form = useForm(accountUpdateSchema, update, {
    onSuccess: (saved) => {
      if (!saved.verified) void navigate({ to: '/verify' });
    },
  });

  return (
    <form noValidate className="max-w-lg space-y-5" onSubmit={form.onSubmit}>
      <SectionHeading title="Account">
        Änderst du deine E-Mail-Adresse, schicken wir dir einen neuen Bestätigungslink.
      </SectionHeading>
      {form.message && <Banner tone="error">{form.message}</Banner>}
      {update.isSuccess && <Banner tone="success">Deine Angaben wurden gespeichert.</Banner>}
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        defaultValue={user?.name ?? ''}
        error={form.errors.name}
      />
      <EmailField errors={form.errors} defaultValue={user?.email ?? ''} />
      <Button pending={form.pending}>Speichern</Button>
    </form>
  );
}
