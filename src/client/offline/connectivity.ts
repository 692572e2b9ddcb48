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
 * While the browser is online but the server out of reach (the 'online' event came before a
 * working network, as on a phone's first seconds on a network; the server restarting), nothing
 * else would ask the server again: a screen without a poll kept the offline note for good. So we
 * ask /healthz (outside /api/: no offline copy of the service worker answers it, no session is
 * read) after 1 s, then 2, 4 … at most 30 s, until it answers (Entscheidung OFF-7).
 */
const PROBE_FIRST_MS = 1_000;
const PROBE_MAX_MS = 30_000;
let probe: ReturnType<typeof setTimeout> | undefined;

function probeServer(delay = PROBE_FIRST_MS) {
  if (probe !== undefined) return;
  probe = setTimeout(() => {
    void fetch('/healthz', { cache: 'no-store' })
      .then(
        (response) => response.ok,
        () => false,
      )
      .then((reached) => {
        probe = undefined;
        const { offline, unreachable } = useConnectivity.getState();
        if (offline || !unreachable) return;
        if (reached) noteAnswer(null);
        else probeServer(Math.min(delay * 2, PROBE_MAX_MS));
      });
  }, delay);
}

const cut = (s: Connectivity) => s.offline || s.unreachable;

/**
 * `listener` runs whenever the server can be reached again: the browser's 'online' event, or the
 * first answer of the server after it was out of reach. The outbox, a pending logout and the
 * screen's queries go then.
 */
export function onReconnect(listener: () => void) {
  return useConnectivity.subscribe((state, previous) => {
    if (cut(previous) && !cut(state)) listener();
  });
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
  useConnectivity.subscribe((state) => {
    if (state.unreachable && !state.offline) probeServer();
  });
}
