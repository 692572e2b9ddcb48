import { useState } from 'react';
import { emailChangeSchema, type User } from '../../../../shared/account.ts';
import { Banner } from '../../../components/banner.tsx';
import { CurrentPasswordField } from '../../../components/current-password-field.tsx';
import { Button } from '../../../components/button.tsx';
import { EmailField } from '../../../components/email-field.tsx';
import { useForm } from '../../../lib/forms.ts';
import { useUpdateAccount } from '../../../lib/update-account.ts';

/**
 * On /verify: a mistyped address would lock the user out (nothing can reach it), so it can be
 * corrected here; the current password proves it is the account's owner.
 */
export function EmailCorrection({ user, onCorrected }: { user: User; onCorrected: () => void }) {
  const [open, setOpen] = useState(false);
  const correct = useUpdateAccount();
  const form = useForm(emailChangeSchema, correct, {
    extra: () => ({ name: user.name ?? '' }),
    onSuccess: () => {
      setOpen(false);
      onCorrected();
    },
  });

  if (!open) {
    return (
      <div className="space-y-3">
        {correct.isSuccess && (
          <Banner tone="success">
            Deine E-Mail-Adresse wurde geändert. Wir haben dir eine neue E-Mail an {user.email} geschickt.
          </Banner>
        )}
        <Button type="button" variant="ghost" className="w-full" onClick={() => setOpen(true)}>
          E-Mail-Adresse korrigieren
        </Button>
      </div>
    );
  }
  return (
    <form
      noValidate
      aria-labelledby="email-correction"
      className="space-y-5 border-t border-slate-200 pt-5"
      onSubmit={form.onSubmit}
    >
      <h2 id="email-correction" className="text-lg font-semibold text-slate-900">
        E-Mail-Adresse korrigieren
      </h2>
      <p className="text-sm text-slate-600">Wir schicken den Bestätigungslink dann an die neue Adresse.</p>
      {form.message && <Banner tone="error">{form.message}</Banner>}
      <EmailField errors={form.errors} defaultValue={user.email ?? ''} />
      <CurrentPasswordField errors={form.errors} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <Button type="button" variant="secondary" className="sm:flex-1" onClick={() => setOpen(false)}>
          Abbrechen
        </Button>
        <Button className="sm:flex-1" pending={form.pending}>
          Adresse speichern
        </Button>
      </div>
    </form>
  );
}
