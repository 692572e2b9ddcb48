// Whether the app is working from its cache: the browser says it is offline, or the last request
// never reached the server. The offline banner and the guards read it; only a 401 means logged out.
import { onlineManager } from '@tanstack/react-query';
import { create } from 'zustand';
import { setAnswerHandler } from '../api/client.ts';

type Connectivity = {
  offline: boolean;
  unreachable: boolean;
  /** The oldest offline copy shown since the server last answered (ms): the banner's date. */
  copyFrom?: number;
};

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
 * Notes an answer: from the server itself, or the service worker's offline copy (its header holds
 * when the server sent it), which also means the server is out of reach.
 */
export function noteAnswer(offlineCopyFrom: string | null) {
  const state = useConnectivity.getState();
  if (offlineCopyFrom === null) {
    if (state.unreachable || state.copyFrom !== undefined) {
      useConnectivity.setState({ unreachable: false, copyFrom: undefined });
    }
    return;
  }
  const at = Date.parse(offlineCopyFrom);
  if (Number.isNaN(at)) return;
  const copyFrom = state.copyFrom === undefined ? at : Math.min(state.copyFrom, at);
  if (!state.unreachable || copyFrom !== state.copyFrom)
    useConnectivity.setState({ unreachable: true, copyFrom });
}

/**
 * Follows the browser's online state from the start: TanStack Query assumes "online" until the
 * first event, so an offline cold start would fetch and retry instead of pausing.
 */
export function watchConnectivity() {
  setAnswerHandler(noteAnswer);
  const update = () => {
    const offline = browserOffline();
    useConnectivity.setState({ offline, ...(offline ? {} : { unreachable: false, copyFrom: undefined }) });
    onlineManager.setOnline(!offline);
  };
  update();
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
}
