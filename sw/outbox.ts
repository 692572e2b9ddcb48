// Replays the outbox (src/browser/outbox-replay.ts) from the worker, so it also happens with no
// tab open: on Background Sync where the browser has it, when a page asks (the `online` event,
// app start, login), when the worker starts, and after a backoff while items wait.
import { OUTBOX_SYNC_TAG, type PageMessage, type WorkerMessage } from '../src/browser/messages.ts';
import { replayOutbox } from '../src/browser/outbox-replay.ts';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync (not in TypeScript's worker lib). */
type SyncEvent = ExtendableEvent & { tag: string };

let retry: ReturnType<typeof setTimeout> | undefined;

async function replay(force: boolean) {
  clearTimeout(retry);
  const result = await replayOutbox({ force });
  // The pages refetch what the sent and refused items changed (src/client/offline/worker-replays.ts).
  const message: PageMessage = {
    type: 'OUTBOX_CHANGED',
    needsLogin: result.needsLogin,
    queries: result.queries,
  };
  for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) {
    client.postMessage(message);
  }
  // Best effort while the worker lives; Background Sync and the page's triggers cover the rest.
  if (result.retryInMs !== undefined) retry = setTimeout(() => void replay(false), result.retryInMs);
  return result;
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  // A rejection makes the browser schedule the sync again, with its own backoff.
  sync.waitUntil(
    replay(true).then((result) => {
      if (result.remaining > 0 && !result.needsLogin) throw new Error('outbox not empty');
    }),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as WorkerMessage | null)?.type !== 'OUTBOX_REPLAY') return;
  event.waitUntil(replay(true).catch(() => undefined));
});

void replay(false).catch(() => undefined);
