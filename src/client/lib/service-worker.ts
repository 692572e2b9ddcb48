// The service worker's registration, from the entry (Entscheidung CLI-27). What the update prompt shows
// (components/update-prompt.tsx) comes from this one registration (workbox-window).
import { Workbox } from 'workbox-window';
import { create } from 'zustand';

type UpdateState = {
  /** A new version waits ('Neue Version verfügbar'). */
  needRefresh: boolean;
  /** Another tab took the new version: this one reloads once its writes are sent. */
  reloadDue: boolean;
};

export const useServiceWorkerUpdate = create<UpdateState>(() => ({ needRefresh: false, reloadDue: false }));

let workbox: Workbox | undefined;

/** Asks the waiting worker to take over; every tab then reloads (`reloadDue`). */
export function updateServiceWorker() {
  workbox?.messageSkipWaiting();
}

/**
 * Registers the worker the moment the page has loaded (at once if it has), with workbox-window
 * imported here, in the entry (2 KB gzipped; Entscheidung CLI-27). The events are the plugin's
 * prompt mode: a new version installed
 * or waiting shows 'Neue Version verfügbar'; once it controls the page, the page reloads.
 * The app's entry registers it once `after` resolves: after the first screen has settled, in an
 * idle moment (main.tsx, Entscheidung LIB-7), so the worker's install (the shell's precache) does
 * not share the CPU and the network with the first screen.
 */
export function registerServiceWorker(after: Promise<unknown> = Promise.resolve()) {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/', type: 'classic' });
  workbox = wb;
  let following = false;
  const prompt = () => {
    if (!following) {
      following = true;
      wb.addEventListener('controlling', (event) => {
        if (event.isUpdate) useServiceWorkerUpdate.setState({ reloadDue: true });
      });
    }
    useServiceWorkerUpdate.setState({ needRefresh: true });
  };
  // Another tab's registration installed a new version (the first install needs no prompt).
  wb.addEventListener('installed', (event) => {
    if (event.isUpdate === undefined && event.isExternal) prompt();
  });
  wb.addEventListener('waiting', prompt);
  void after.then(() => wb.register()).catch(() => undefined);
}
