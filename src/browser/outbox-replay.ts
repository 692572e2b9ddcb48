// Sends the outbox in order, once at a time per device (a Web Lock), from the service worker or,
// where none controls the page, from the page. Each item keeps its Idempotency-Key, so an item
// sent again after a lost answer is answered from the server's record instead of applied twice.
// The request conventions (headers, CSRF token, one new token on 419) are the ky client's, from
// http.ts. It reads and writes the store through `idb` (offline-store.ts), not dexie, so the worker
// carries no dexie; the page announces its own replay's changes to its live queries
// (src/client/offline/offline-data.ts). Tested in tests/browser/outbox-replay.test.ts.
import { BASE_HEADERS, fetchCsrfToken, writeHeaders } from './http.ts';
import { META, type OutboxItem } from './offline-schema.ts';
import { deleteOutboxItem, pendingOutboxItems, updateOutboxItem, writeMeta } from './offline-store.ts';

const LOCK = 'kompass-outbox';
export const BACKOFF_MS = [5_000, 15_000, 60_000, 5 * 60_000];
/**
 * A forced run ignores the backoff, but not a server's "wait" (5xx, 409, 429) of the last few
 * seconds: one network return fires several triggers (Background Sync, the page's `online` event,
 * its session probe), and a burst of them is one try (Entscheidung BRW-2). Not for network errors: when the
 * network comes back, a change that failed on the way out goes at once.
 */
export const BURST_MS = 3_000;

export type ReplayResult = {
  /** Items the server took in this run. */
  sent: number;
  /** Items the server refused (4xx) in this run: out of the queue, kept with their message. */
  refused: number;
  /** Items left for later (network, 5xx, 401). */
  remaining: number;
  needsLogin: boolean;
  /** The query keys of the items sent or refused in this run: what the pages refetch. */
  queries: unknown[][];
  /** When the next automatic try makes sense (ms from now); undefined when nothing waits. */
  retryInMs?: number;
};

type Outcome = 'sent' | 'refused' | 'later' | 'login';

/** Whose session the cookies carry now (null: none). */
async function sessionUser(): Promise<number | null> {
  const response = await fetch('/api/account/session', { credentials: 'same-origin', headers: BASE_HEADERS });
  if (!response.ok) throw new Error(`session ${response.status}`);
  return ((await response.json()) as { data: { id: number } | null }).data?.id ?? null;
}

async function messageOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
  return typeof body?.message === 'string'
    ? body.message
    : `Der Server hat die Änderung abgelehnt (${response.status}).`;
}

async function send(item: OutboxItem, token: { value?: string }): Promise<[Outcome, string?]> {
  for (let attempt = 0; attempt < 2; attempt++) {
    token.value ??= await fetchCsrfToken();
    if (token.value === undefined) return ['later'];
    const json = item.body !== undefined;
    const response = await fetch(item.url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: writeHeaders(token.value, item.key, json),
      body: json ? JSON.stringify(item.body) : undefined,
    });
    if (response.status === 419 && attempt === 0) {
      token.value = undefined; // expired with its session: one retry with a new token
      continue;
    }
    if (response.ok) return ['sent'];
    if (response.status === 401 || response.status === 419) return ['login'];
    // 409: the same key is still running elsewhere; 429 and 5xx: the server asks to wait.
    if (response.status === 409 || response.status === 429 || response.status >= 500) return ['later'];
    return ['refused', await messageOf(response)];
  }
  return ['login'];
}

async function run(options: { force: boolean }): Promise<ReplayResult> {
  const result: ReplayResult = { sent: 0, refused: 0, remaining: 0, needsLogin: false, queries: [] };
  const token: { value?: string } = {};
  let pending = await pendingOutboxItems();
  if (pending.length === 0) return result;
  let user: number | null;
  try {
    user = await sessionUser();
  } catch {
    return { ...result, remaining: pending.length, retryInMs: BACKOFF_MS[0] };
  }
  if (user === null) {
    await writeMeta(META.needsLogin, true);
    return { ...result, remaining: pending.length, needsLogin: true };
  }
  // Another user's changes are never sent in this session; the page drops them when it sees the
  // new user.
  pending = pending.filter((item) => item.userId === undefined || item.userId === user);
  for (const [index, item] of pending.entries()) {
    const now = Date.now();
    const due = options.force ? Math.min(item.notBefore, (item.waitSaidAt ?? 0) + BURST_MS) : item.notBefore;
    if (due > now) {
      result.remaining = pending.length - index;
      result.retryInMs = due - now;
      break;
    }
    let outcome: Outcome;
    let message: string | undefined;
    let answered = true;
    try {
      [outcome, message] = await send(item, token);
    } catch {
      outcome = 'later'; // no network (or it broke mid-request): the key makes a resend safe
      answered = false;
    }
    if (outcome === 'sent' || outcome === 'refused') result.queries.push(...(item.queries ?? []));
    if (outcome === 'sent') {
      await deleteOutboxItem(item.id!);
      result.sent++;
      continue;
    }
    if (outcome === 'refused') {
      await updateOutboxItem(item.id!, { state: 'refused', message });
      result.refused++;
      continue;
    }
    // Later items wait behind this one: they are sent in the order they were made.
    result.remaining = pending.length - index;
    if (outcome === 'login') {
      result.needsLogin = true;
    } else {
      const delay = BACKOFF_MS[Math.min(item.attempts, BACKOFF_MS.length - 1)]!;
      await updateOutboxItem(item.id!, {
        attempts: item.attempts + 1,
        notBefore: now + delay,
        waitSaidAt: answered ? now : undefined,
      });
      result.retryInMs = delay;
    }
    break;
  }
  await writeMeta(META.needsLogin, result.needsLogin);
  return result;
}

/**
 * Replays the pending items in order. `force` (the network is back, app start, login, a tap)
 * ignores the backoff. Runs under a Web Lock: two tabs and the worker never send at once.
 */
export async function replayOutbox(options: { force: boolean }): Promise<ReplayResult> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return run(options);
  return locks.request(LOCK, () => run(options));
}
