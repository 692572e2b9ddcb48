// The worker's replay message reaches the page from its first script: what the replay changed is
// marked for a refetch, also when the outbox's live query (loaded after the first screen) never
// saw the items.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, it, vi } from 'vitest';
import type { PageMessage } from '../../../src/browser/messages.ts';
import { followWorkerReplays } from '../../../src/client/offline/worker-replays.ts';

afterEach(() => vi.unstubAllGlobals());

it('invalidates the queries a replay of the service worker names, and only those', () => {
  const container = Object.assign(new EventTarget(), { startMessages: vi.fn() });
  vi.stubGlobal('navigator', { serviceWorker: container });
  const client = new QueryClient();
  client.setQueryData(['experiment', 7], 'vor dem Senden');
  client.setQueryData(['comments', 7], 'vor dem Senden');
  followWorkerReplays(client);
  expect(container.startMessages).toHaveBeenCalled();

  const message: PageMessage = { type: 'OUTBOX_CHANGED', needsLogin: false, queries: [['experiment', 7]] };
  container.dispatchEvent(new MessageEvent('message', { data: message }));
  expect(client.getQueryState(['experiment', 7])!.isInvalidated).toBe(true);
  expect(client.getQueryState(['comments', 7])!.isInvalidated).toBe(false);
});
