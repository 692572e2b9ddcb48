import { passwordChangeSchema } from '../../../../shared/account.ts';
import { Banner } from '../../../components/banner.tsx';
import { CurrentPasswordField } from '../../../components/current-password-field.tsx';
import { Button } from '../../../components/button.tsx';
import { useForm } from '../../../lib/forms.ts';
import { useUpdatePassword } from '../api/update-password.ts';
import { SectionHeading } from './settings-layout.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';

/** settings.password: current password, new password and its confirmation. */
export function PasswordForm() {
  const update = useUpdatePassword();
  const form = useForm(passwordChangeSchema, update, { onSuccess: (_, element) => element.reset() });

  return (
    <form noValidate className="max-w-lg space-y-5" onSubmit={form.onSubmit}>
      <SectionHeading title="Passwort ändern" />
      {form.message && <Banner tone="error">{form.message}</Banner>}
      {update.isSuccess && <Banner tone="success">{update.data.message}</Banner>}
      <CurrentPasswordField errors={form.errors} />
      <NewPasswordFields errors={form.errors} />
      <Button pending={form.pending}>Passwort ändern</Button>
    </form>
  );
}
