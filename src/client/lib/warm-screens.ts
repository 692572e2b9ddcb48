// Every app screen opens offline once the app was used online: in idle time after the first
// screen has settled, the page asks the service worker to store the code of the screens it has
// not precached (sw/precache.ts `warmScreens`). Only inside the app, online, and not when the
// browser asks to save data (Entscheidung CLI-4).

let asked = false;

/** Asks the active worker once per page load; a later load asks again (the worker skips what it has). */
export function warmScreens() {
  if (asked || !('serviceWorker' in navigator) || !navigator.onLine) return;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  asked = true;
  const ask = () =>
    void navigator.serviceWorker.ready.then((registration) =>
      registration.active?.postMessage({ type: 'WARM_SCREENS' }),
    );
  if ('requestIdleCallback' in window) requestIdleCallback(ask, { timeout: 10_000 });
  else setTimeout(ask, 2_000);
}
