import { useLocation } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { useFeedbackWidget } from '../lib/feedback-open.ts';
import { FeedbackForm } from './feedback-form.tsx';

/** The help-centre feedback widget: a dialog over the page it was opened on (lib/feedback-open.ts). */
export function FeedbackDialog() {
  const { open, setOpen } = useFeedbackWidget();
  const page = useLocation({ select: (l) => l.pathname });
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed inset-x-3 bottom-3 z-50 mx-auto max-h-[90dvh] max-w-md overflow-y-auto rounded-2xl bg-white p-6 shadow-xl sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Feedback geben</Dialog.Title>
          <Dialog.Description className="mt-1 mb-4 text-sm text-slate-700">
            Wir speichern mit deiner Nachricht, auf welcher Seite du gerade bist.
          </Dialog.Description>
          {open && <FeedbackForm page={page} />}
          <Dialog.Close className="mt-4 min-h-11 rounded-xl px-4 font-semibold text-brand-800 hover:bg-brand-50">
            Schließen
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
