// A refetch of data an offline write changes (an experiment's steps): online, the server's answer
// plus what waits in the outbox; without the server, what the cache shows plus what waits, never
// the service worker's copy from before a write the server has already answered.
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, expect, it } from 'vitest';
import { clearOfflineDb, offlineDb } from '../../../src/browser/offline-db.ts';
import type { Experiment } from '../../../src/shared/experiments.ts';
import { setAction } from '../../../src/client/features/experiments/api/experiment-writes.ts';
import { experimentQueryKey } from '../../../src/client/features/experiments/api/query-keys.ts';
import { useConnectivity } from '../../../src/client/offline/connectivity.ts';
import { withPending } from '../../../src/client/offline/offline-write.ts';

const key = experimentQueryKey(7);
const steps = (...completed: boolean[]) =>
  ({ id: 7, actions: completed.map((done, i) => ({ id: i + 1, completed: done })) }) as unknown as Experiment;
const marks = (experiment: Experiment) => experiment.actions.map((a) => a.completed);

beforeEach(async () => {
  await clearOfflineDb();
  // Step 2 unticked offline: it waits in the outbox.
  await offlineDb().outbox.add({
    kind: setAction.kind,
    vars: { experimentId: 7, podcastId: 1, id: 2, completed: false, description: 'Zwei' },
    url: '/api/experiments/actions/2',
    body: { completed: false },
    queries: [[...key]],
    experimentId: 7,
    label: 'Aufgabe „Zwei“ als offen markieren',
    userId: 1,
    key: 'schluessel-1',
    createdAt: Date.now(),
    state: 'pending',
    attempts: 0,
    notBefore: 0,
  });
});

it('online: the server’s answer plus what waits', async () => {
  useConnectivity.setState({ offline: false, unreachable: false });
  const client = new QueryClient();
  client.setQueryData(key, steps(true, true, true));
  expect(marks(await withPending(client, key, steps(false, true, false)))).toEqual([false, false, false]);
});

it('offline: what the cache shows plus what waits, not an older copy', async () => {
  useConnectivity.setState({ offline: true, unreachable: false });
  const client = new QueryClient();
  // 'Alles erledigt' was answered just before the network went; the copy is from before it.
  client.setQueryData(key, steps(true, true, true));
  expect(marks(await withPending(client, key, steps(false, false, false)))).toEqual([true, false, true]);
  // Without a cached answer (a cold start), the copy is what there is.
  expect(marks(await withPending(new QueryClient(), key, steps(false, true, false)))).toEqual([
    false,
    false,
    false,
  ]);
});
