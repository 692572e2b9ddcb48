// Work a screen doesn't show, after its first paint, one piece per idle moment (Entscheidung
// LIB-7): each piece waits for the browser to be idle and for the piece before it to have
// finished, so each is a task of its own with input and paint between them.
// WebKit (every iPhone browser) has no requestIdleCallback: there a short timeout stands in.

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

/** How long a piece waits for an idle moment at most: a busy page still gets its menus. */
const IDLE_TIMEOUT_MS = 1_000;

/** Calls `callback` when the browser is idle (at most `timeout` ms later). */
export function whenIdle(callback: () => void, timeout = IDLE_TIMEOUT_MS) {
  const idle = (globalThis as unknown as IdleWindow).requestIdleCallback;
  if (idle) idle(callback, { timeout });
  else setTimeout(callback, 50);
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `piece` in an idle moment after the pieces queued before it have finished (their promise
 * settled); resolves with its result. A failing piece fails its caller, not the queue.
 */
export function idleQueue<T>(piece: () => T | Promise<T>): Promise<T> {
  const run = queue.then(() => new Promise<void>((resolve) => whenIdle(resolve))).then(piece);
  queue = run.catch(() => undefined);
  return run;
}
