// The service worker's outbox replays, followed from the page's first script (Entscheidung OFF-4):
// the worker replays at its start, often while the page is still loading, and its
// message names the queries the sent and refused items changed, which refetch here. The outbox's
// live query (offline-data.ts) loads after the first screen: a replay that ended before it read
// the outbox left nothing for it to notice, and the screen kept an answer read while the replay
// was still sending (a step shown unticked although the server had it ticked; stress run).
import type { QueryClient } from '@tanstack/react-query';
import type { PageMessage } from '../../browser/messages.ts';

export function followWorkerReplays(queryClient: QueryClient) {
  const container = navigator.serviceWorker;
  container?.addEventListener('message', (event: MessageEvent<PageMessage | null>) => {
    if (event.data?.type !== 'OUTBOX_CHANGED') return;
    // A worker of the previous version (until the update takes over) names none.
    refetchReplayed(queryClient, event.data.queries ?? []);
  });
  // Delivered from now on, not only from DOMContentLoaded (the boot awaits before it).
  container?.startMessages();
}

/** Refetches what a replay changed (each key once). */
export function refetchReplayed(queryClient: QueryClient, queries: readonly unknown[][]) {
  const keys = new Map(queries.map((key) => [JSON.stringify(key), key]));
  for (const queryKey of keys.values()) void queryClient.invalidateQueries({ queryKey });
}
