import { useNavigate } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { accountDeleteSchema } from '../../../../shared/account.ts';
import { Banner } from '../../../components/banner.tsx';
import { CurrentPasswordField } from '../../../components/current-password-field.tsx';
import { Button } from '../../../components/button.tsx';
import { useForm } from '../../../lib/forms.ts';
import { useFlash } from '../../../stores/flash.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { SectionHeading } from './settings-layout.tsx';

/** settings.delete: deleting the account needs the current password (§5). */
export function DeleteAccountForm() {
  const navigate = useNavigate();
  const showFlash = useFlash((s) => s.show);
  const remove = useDeleteAccount();
  const form = useForm(accountDeleteSchema, remove, {
    onSuccess: () => {
      showFlash({ tone: 'success', message: 'Dein Account wurde gelöscht.' });
      void navigate({ to: '/' });
    },
  });

  return (
    <div className="max-w-lg">
      <SectionHeading title="Account löschen">
        Wenn du deinen Account löschst, werden deine Angaben, dein Profil und jeder Podcast, den du angelegt
        hast, mit allen Experimenten und Messwerten endgültig gelöscht. Deine Coworker*innen verlieren dann
        den Zugriff auf diese Podcasts. Das lässt sich nicht rückgängig machen.
      </SectionHeading>
      <Dialog.Root onOpenChange={() => remove.reset()}>
        <Dialog.Trigger asChild>
          <Button type="button" variant="danger">
            Account löschen
          </Button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
          <Dialog.Content className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-md rounded-2xl bg-white p-6 shadow-xl sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2">
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              Account endgültig löschen?
            </Dialog.Title>
            <Dialog.Description className="mt-2 text-slate-700">
              Bitte bestätige mit deinem aktuellen Passwort.
            </Dialog.Description>
            <form noValidate className="mt-5 space-y-5" onSubmit={form.onSubmit}>
              {form.message && <Banner tone="error">{form.message}</Banner>}
              <CurrentPasswordField errors={form.errors} name="password" />
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Dialog.Close asChild>
                  <Button type="button" variant="secondary">
                    Abbrechen
                  </Button>
                </Dialog.Close>
                <Button variant="danger" pending={form.pending}>
                  Endgültig löschen
                </Button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
