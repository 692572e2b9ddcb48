import { AlertDialog } from 'radix-ui';
import type { ReactElement } from 'react';
import { Button } from './button.tsx';

type Props = {
  /** What goes: '{name} entfernen?' */
  name: string;
  /** What removing it means, and how to undo it later. */
  description: string;
  /** The button that opens the question (an 'Entfernen' button of the row). */
  trigger: ReactElement;
  onConfirm: () => void;
};

/**
 * 'Entfernen' asks first (a coworker, a data source): a radix alert dialog, at the bottom on a
 * phone, centred on wide screens; the focus starts on 'Abbrechen', so a stray Enter keeps the row.
 */
export function RemoveDialog({ name, description, trigger, onConfirm }: Props) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-md rounded-2xl bg-white p-6 shadow-xl sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            {name} entfernen?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-700">{description}</AlertDialog.Description>
          <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button type="button" variant="secondary">
                Abbrechen
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button type="button" variant="danger" onClick={onConfirm}>
                Entfernen
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
