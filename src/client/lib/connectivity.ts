// Whether the app is working from its cache: the browser says it is offline, or the last request
// never reached the server. The offline banner and the guards read it; only a 401 means logged out.
import { onlineManager } from '@tanstack/react-query';
import { create } from 'zustand';

type Connectivity = { offline: boolean; unreachable: boolean };

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export const useConnectivity = create<Connectivity>(() => ({
  offline: browserOffline(),
  unreachable: false,
}));

/** True when a request now would fail for want of a network: then read the cache at once. */
export function isOffline(): boolean {
  return useConnectivity.getState().offline;
}

/** A request failed without reaching the server (or reached it again). */
export function setServerReachable(reachable: boolean) {
  if (useConnectivity.getState().unreachable === !reachable) return;
  useConnectivity.setState({ unreachable: !reachable });
}

/**
 * Follows the browser's online state from the start: TanStack Query assumes "online" until the
 * first event, so an offline cold start would fetch and retry instead of pausing.
 */
export function watchConnectivity() {
  const update = () => {
    const offline = browserOffline();
    useConnectivity.setState({ offline, ...(offline ? {} : { unreachable: false }) });
    onlineManager.setOnline(!offline);
  };
  update();
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
}
