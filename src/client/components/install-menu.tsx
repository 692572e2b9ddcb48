import { Dialog, DropdownMenu } from 'radix-ui';
import { promptInstall, useInstallMode } from '../lib/install.ts';
import { Button } from './button.tsx';
import { IosInstallSteps } from './install-app.tsx';

/** 'App installieren' in the profile menu; on iOS it opens the steps (IosInstallDialog). */
export function InstallMenuItem({ className, onIosHelp }: { className: string; onIosHelp: () => void }) {
  const mode = useInstallMode();
  if (!mode) return null;
  return (
    <DropdownMenu.Item
      className={className}
      onSelect={() => (mode === 'prompt' ? void promptInstall() : onIosHelp())}
    >
      App installieren
    </DropdownMenu.Item>
  );
}

export function IosInstallDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed inset-x-3 top-1/4 z-50 mx-auto max-w-md rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">App installieren</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2">
              <IosInstallSteps />
            </div>
          </Dialog.Description>
          <div className="mt-5 flex justify-end">
            <Dialog.Close asChild>
              <Button type="button" variant="secondary">
                Schließen
              </Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
