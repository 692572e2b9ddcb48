// The outbox is opened (and the offline store loaded) only when it may hold pending items: once
// the page found none, the experiments' fetchers skip it until a write is queued.
import 'fake-indexeddb/auto';
import { beforeEach, expect, it } from 'vitest';
import { clearOfflineDb, offlineDb, type OutboxItem } from '../../../src/browser/offline-db.ts';
import { enqueue, pendingItems } from '../../../src/client/offline/outbox.ts';

const store = new Map<string, string>();
globalThis.localStorage = {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
  clear: () => store.clear(),
  key: () => null,
  length: 0,
} as Storage;
// What enqueue asks the browser for (persistent storage, a background sync): nothing here.
Object.defineProperty(globalThis, 'navigator', { value: {}, configurable: true });

const write = {
  kind: 'action',
  vars: { id: 2 },
  url: '/api/experiments/actions/2',
  body: { completed: true },
  queries: [['experiments', 7]],
  experimentId: 7,
  label: 'Aufgabe „Zwei“ als erledigt markieren',
};

beforeEach(async () => {
  store.clear();
  await clearOfflineDb();
});

it('a write queued after the outbox was found empty is pending', async () => {
  expect(await pendingItems()).toEqual([]);
  await enqueue(write, 'schluessel-1');
  expect((await pendingItems()).map((item) => item.key)).toEqual(['schluessel-1']);
});

it('once found empty, the outbox is not opened until a write is queued', async () => {
  expect(await pendingItems()).toEqual([]);
  // Only the page queues (enqueue); an item put there another way is not looked for.
  await offlineDb().outbox.add({ ...write, key: 'vorbei', state: 'pending' } as unknown as OutboxItem);
  expect(await pendingItems()).toEqual([]);
  await enqueue(write, 'schluessel-2');
  expect((await pendingItems()).map((item) => item.key)).toEqual(['vorbei', 'schluessel-2']);
});
