// The service worker's registration (decision 2026-11-26, issue 25): at the page's `load`, from the
// entry. Before, the update prompt registered it once React had rendered the root, which on the
// dashboard waited for the session, podcast and context answers and the screen's chunks: the
// worker was ready ~5 s after `load` on a phone. What the update prompt shows
// (components/update-prompt.tsx) comes from this one registration (workbox-window).
import { registerSW } from 'virtual:pwa-register';
import { create } from 'zustand';

type UpdateState = {
  /** A new version waits ('Neue Version verfügbar'). */
  needRefresh: boolean;
  /** Another tab took the new version: this one reloads once its writes are sent. */
  reloadDue: boolean;
};

export const useServiceWorkerUpdate = create<UpdateState>(() => ({ needRefresh: false, reloadDue: false }));

let update: ((reloadPage?: boolean) => Promise<void>) | undefined;

/** Asks the waiting worker to take over; every tab then reloads (`reloadDue`). */
export function updateServiceWorker() {
  return update?.(true);
}

/**
 * Registers the worker the moment the page has loaded (at once if it has). workbox-window (2 KB)
 * is fetched now, during the boot, so the registration does not wait for its round trip then.
 */
export function registerServiceWorker() {
  update = registerSW({
    immediate: false,
    onNeedRefresh: () => useServiceWorkerUpdate.setState({ needRefresh: true }),
    onNeedReload: () => useServiceWorkerUpdate.setState({ reloadDue: true }),
  });
}
