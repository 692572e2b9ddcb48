// The offline store's two clients (src/browser/offline-schema.ts): the worker's `idb`
// (offline-store.ts) and the page's dexie (offline-db.ts) share one IndexedDB. Here the worker
// opens it first, as on a first visit (its mirror saves the first answers before the page loads
// dexie); an existing user's store, made by dexie, is what tests/browser/outbox-replay.test.ts reads.
import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { describe, expect, it } from 'vitest';
import { announceStoreChange, META, offlineDb, readMeta } from '../../src/browser/offline-db.ts';
import type { OutboxItem } from '../../src/browser/offline-schema.ts';
import {
  deleteOutboxItem,
  offlineStore,
  pendingOutboxItems,
  updateOutboxItem,
  writeMeta,
} from '../../src/browser/offline-store.ts';

const item = (key: string): OutboxItem => ({
  key,
  kind: 'action',
  url: '/api/experiments/actions/1',
  body: { completed: true },
  experimentId: 7,
  label: 'Schritt erledigt',
  createdAt: Date.now(),
  state: 'pending',
  attempts: 0,
  notBefore: 0,
});

describe('offline store: idb (worker) and dexie (page) on one database', () => {
  it('dexie opens what idb created, with the same stores and indexes, and both see each other’s writes', async () => {
    const store = await offlineStore();
    expect(store.version).toBe(10);
    const first = await store.add('outbox', item('a'));
    await writeMeta(META.userId, 3);
    await store.put('mirror', {
      url: '/api/practices/1',
      status: 200,
      contentType: 'application/json',
      body: '{}',
      savedAt: 1,
      usedAt: 1,
    });

    const db = offlineDb();
    expect(await readMeta(META.userId)).toBe(3);
    expect(await db.outbox.where('experimentId').equals(7).toArray()).toMatchObject([
      { id: first, key: 'a' },
    ]);
    expect(await db.mirror.orderBy('usedAt').keys()).toEqual([1]);
    expect(db.verno).toBe(1);
    const second = await db.outbox.add(item('b'));
    expect(second).toBeGreaterThan(first);

    expect((await pendingOutboxItems()).map((i) => i.key)).toEqual(['a', 'b']);
    await updateOutboxItem(first, { state: 'refused', message: 'Nicht gefunden.' });
    await updateOutboxItem(999, { state: 'refused' }); // gone meanwhile: nothing happens
    await deleteOutboxItem(second!);
    expect(await db.outbox.toArray()).toMatchObject([
      { key: 'a', state: 'refused', message: 'Nicht gefunden.' },
    ]);
  });

  it('a live query on the page follows an idb write once it is announced', async () => {
    // As the page's outbox list reads it (src/client/offline/outbox.ts).
    const seen: number[] = [];
    const subscription = liveQuery(() => offlineDb().outbox.orderBy('id').toArray()).subscribe((items) =>
      seen.push(items.length),
    );
    await expect.poll(() => seen.at(-1)).toBe(1);
    await (await offlineStore()).add('outbox', item('c'));
    announceStoreChange();
    await expect.poll(() => seen.at(-1)).toBe(2);
    subscription.unsubscribe();
  });
});
