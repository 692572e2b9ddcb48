// The outbox replay (src/browser/outbox-replay.ts) against a stubbed network: IndexedDB from
// fake-indexeddb, `fetch` answered by a small fake server that records every request, and an
// in-memory Web Lock manager shared by two "tabs".
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER, IDEMPOTENCY_HEADER } from '../../src/browser/http.ts';
import { clearOfflineDb, META, offlineDb, readMeta, type OutboxItem } from '../../src/browser/offline-db.ts';
import { BACKOFF_MS, BURST_MS, replayOutbox } from '../../src/browser/outbox-replay.ts';
import { fakeLocks, fakeServer, type FakeServer } from './fake-network.ts';

let server: FakeServer;

beforeEach(async () => {
  await clearOfflineDb();
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetch);
  vi.stubGlobal('navigator', { locks: fakeLocks() });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

let serial = 0;
const STEP = { body: { completed: true } };

/** Queues a write as the page does (src/client/offline/outbox.ts). */
async function queue(
  url: string,
  { body, userId = 1, queries }: { body?: unknown; userId?: number; queries?: unknown[][] } = STEP,
) {
  const item: OutboxItem = {
    queries,
    key: `key-${++serial}-${url}`,
    kind: 'action',
    url,
    body,
    experimentId: 7,
    label: url,
    userId,
    createdAt: Date.now(),
    state: 'pending',
    attempts: 0,
    notBefore: 0,
  };
  item.id = await offlineDb().outbox.add(item);
  return item;
}

const outbox = () => offlineDb().outbox.orderBy('id').toArray();
const posts = () => server.requests.filter((r) => r.method === 'POST');

describe('outbox replay', () => {
  it('sends each item with its key, the CSRF token and the ky client headers, then empties the outbox', async () => {
    const item = await queue('/api/experiments/actions/1');
    const result = await replayOutbox({ force: false });
    expect(result).toMatchObject({ sent: 1, refused: 0, remaining: 0, needsLogin: false });
    const [post] = posts();
    expect(post).toMatchObject({ url: item.url, body: JSON.stringify(item.body) });
    expect(post!.headers).toMatchObject({
      [IDEMPOTENCY_HEADER]: item.key,
      [CSRF_HEADER]: server.token,
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
    expect(await outbox()).toEqual([]);
  });

  it('sends a write without a body without one (and without a JSON content type)', async () => {
    await queue('/api/experiments/7/actions', {});
    await replayOutbox({ force: false });
    expect(posts()[0]!.body).toBeUndefined();
    expect(posts()[0]!.headers['Content-Type']).toBeUndefined();
  });

  it('resends an item whose answer was lost with the same Idempotency-Key, and the server applies it once', async () => {
    const item = await queue('/api/experiments/actions/1');
    server.loseNextAnswer(); // the server applies the write, the answer never arrives
    const first = await replayOutbox({ force: false });
    expect(first).toMatchObject({ sent: 0, remaining: 1, retryInMs: BACKOFF_MS[0] });
    expect(await outbox()).toEqual([
      expect.objectContaining({ key: item.key, state: 'pending', attempts: 1 }),
    ]);

    const second = await replayOutbox({ force: true });
    expect(second).toMatchObject({ sent: 1, remaining: 0 });
    expect(posts().map((p) => p.headers[IDEMPOTENCY_HEADER])).toEqual([item.key, item.key]);
    expect(server.applied).toEqual([item.url]);
    expect(await outbox()).toEqual([]);
  });

  it('sends in the order the changes were made, and later ones wait behind one that must wait', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const a = await queue('/api/experiments/actions/1', { body: { completed: true } });
    const b = await queue('/api/experiments/actions/1', { body: { completed: false } });
    const c = await queue('/api/experiments/7/comments', { body: { content: 'Zuletzt' } });
    server.answerNext(503);
    expect(await replayOutbox({ force: true })).toMatchObject({ sent: 0, remaining: 3 });
    expect(posts().map((p) => p.url)).toEqual([a.url]);

    vi.advanceTimersByTime(BURST_MS); // a forced run a moment later (right after, it is one try)
    await replayOutbox({ force: true });
    expect(server.applied).toEqual([a.url, b.url, c.url]);
    expect(
      posts()
        .slice(1)
        .map((p) => p.body),
    ).toEqual([a, b, c].map((i) => JSON.stringify(i.body)));
  });

  it('on 419 fetches a new CSRF token and sends the same item again in the same run', async () => {
    const item = await queue('/api/experiments/actions/1');
    server.answerNext(419);
    const result = await replayOutbox({ force: false });
    expect(result).toMatchObject({ sent: 1, remaining: 0, needsLogin: false });
    const [expired, again] = posts();
    expect(server.requests.map((r) => `${r.method} ${r.url}`).slice(-3)).toEqual([
      `POST ${item.url}`,
      'GET /sanctum/csrf-cookie',
      `POST ${item.url}`,
    ]);
    expect(again!.headers[CSRF_HEADER]).toBe(server.token);
    expect(expired!.headers[CSRF_HEADER]).not.toBe(server.token);
    expect(again!.headers[IDEMPOTENCY_HEADER]).toBe(item.key);
    expect(await outbox()).toEqual([]);
  });

  it('a second 419 in a row means the session is gone: the items wait for a login', async () => {
    await queue('/api/experiments/actions/1');
    server.answerNext(419, 419);
    expect(await replayOutbox({ force: false })).toMatchObject({ sent: 0, remaining: 1, needsLogin: true });
    expect(posts()).toHaveLength(2);
  });

  it('on 401 keeps every item for after the login, and sends them then', async () => {
    await queue('/api/experiments/actions/1');
    await queue('/api/experiments/actions/2');
    server.answerNext(401);
    expect(await replayOutbox({ force: false })).toMatchObject({ sent: 0, remaining: 2, needsLogin: true });
    expect(await readMeta(META.needsLogin)).toBe(true);
    expect((await outbox()).map((i) => i.state)).toEqual(['pending', 'pending']);

    expect(await replayOutbox({ force: true })).toMatchObject({ sent: 2, needsLogin: false });
    expect(await readMeta(META.needsLogin)).toBe(false);
  });

  it('sends nothing without a session, and nothing of another user', async () => {
    await queue('/api/experiments/actions/1', { ...STEP, userId: 2 });
    server.signedIn = null;
    expect(await replayOutbox({ force: true })).toMatchObject({ needsLogin: true, remaining: 1 });
    server.signedIn = 1;
    expect(await replayOutbox({ force: true })).toMatchObject({ sent: 0 });
    expect(posts()).toEqual([]);
  });

  it('backs off after a 5xx: no automatic try before the delay, a longer one after each failure', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-02-01T09:00:00Z'));
    await queue('/api/experiments/actions/1');
    server.answerNext(500, 502);
    expect(await replayOutbox({ force: false })).toMatchObject({ remaining: 1, retryInMs: BACKOFF_MS[0] });
    vi.advanceTimersByTime(BACKOFF_MS[0]! - 1);
    expect(await replayOutbox({ force: false })).toMatchObject({ remaining: 1, retryInMs: 1 });
    expect(posts()).toHaveLength(1);

    vi.advanceTimersByTime(1);
    expect(await replayOutbox({ force: false })).toMatchObject({ remaining: 1, retryInMs: BACKOFF_MS[1] });
    expect(posts()).toHaveLength(2);
    expect((await outbox())[0]).toMatchObject({ state: 'pending', attempts: 2 });

    vi.advanceTimersByTime(BACKOFF_MS[1]!);
    expect(await replayOutbox({ force: false })).toMatchObject({ sent: 1, remaining: 0 });
  });

  it('counts a burst of forced runs after a 5xx as one try; a network error does not hold a forced run back', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-02-01T09:00:00Z'));
    await queue('/api/experiments/actions/1');
    server.answerNext(503, 503);
    // Background Sync, the page's `online` event and its session probe, one after the other.
    expect(await replayOutbox({ force: true })).toMatchObject({ remaining: 1, retryInMs: BACKOFF_MS[0] });
    expect(await replayOutbox({ force: true })).toMatchObject({ remaining: 1, retryInMs: BURST_MS });
    expect(await replayOutbox({ force: true })).toMatchObject({ remaining: 1, retryInMs: BURST_MS });
    expect(posts()).toHaveLength(1);
    expect((await outbox())[0]).toMatchObject({ attempts: 1 });

    // Later, a forced run tries again without waiting for the backoff.
    vi.advanceTimersByTime(BURST_MS);
    expect(await replayOutbox({ force: true })).toMatchObject({ remaining: 1, retryInMs: BACKOFF_MS[1] });
    expect(posts()).toHaveLength(2);

    // A send that broke on the network is tried again at once when the network is back.
    server.loseNextAnswer();
    vi.advanceTimersByTime(BURST_MS);
    expect(await replayOutbox({ force: true })).toMatchObject({ sent: 0, remaining: 1 });
    expect(await replayOutbox({ force: true })).toMatchObject({ sent: 1, remaining: 0 });
    expect(server.applied).toEqual(['/api/experiments/actions/1']);
  });

  it('takes a refused item (4xx) out of the queue with its message, and sends the next', async () => {
    const refused = await queue('/api/experiments/7/comments', { body: { content: 'Kommt nie an' } });
    const next = await queue('/api/experiments/actions/1');
    server.answerNext(404);
    expect(await replayOutbox({ force: false })).toMatchObject({ sent: 1, refused: 1, remaining: 0 });
    expect(await outbox()).toEqual([
      expect.objectContaining({ key: refused.key, state: 'refused', message: 'Nicht gefunden.' }),
    ]);
    expect(server.applied).toEqual([next.url]);
    // A refused item is not sent again by itself.
    await replayOutbox({ force: true });
    expect(posts()).toHaveLength(2);
  });

  it('names the queries of the items it sent or refused, not of those still waiting', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await queue('/api/experiments/7/comments', {
      body: { content: 'Abgelehnt' },
      queries: [['comments', 7]],
    });
    await queue('/api/experiments/actions/1', { ...STEP, queries: [['experiment', 7]] });
    await queue('/api/experiments/actions/2', { ...STEP, queries: [['experiment', 8]] });
    server.answerNext(404, 503);
    const result = await replayOutbox({ force: false });
    expect(result).toMatchObject({ sent: 0, refused: 1, remaining: 2 });
    expect(result.queries).toEqual([['comments', 7]]);
    vi.advanceTimersByTime(BURST_MS);
    expect((await replayOutbox({ force: true })).queries).toEqual([
      ['experiment', 7],
      ['experiment', 8],
    ]);
  });

  it('two tabs replaying at once send each item once, one run after the other', async () => {
    const items = [
      await queue('/api/experiments/actions/1'),
      await queue('/api/experiments/actions/2'),
      await queue('/api/experiments/7/comments', { body: { content: 'Aus zwei Tabs' } }),
    ];
    server.slow = true;
    const [one, two] = await Promise.all([replayOutbox({ force: true }), replayOutbox({ force: true })]);
    expect(one.sent + two.sent).toBe(3);
    expect(server.applied).toEqual(items.map((i) => i.url));
    expect(posts()).toHaveLength(3);
    expect(server.mostInFlight).toBe(1);
    expect(await outbox()).toEqual([]);
  });
});
