// How the browser talks to the API (DESIGN.md "API conventions"), in one place for the page's ky
// client (src/client/api/client.ts) and the outbox replay (outbox-replay.ts), which runs in the
// service worker where neither ky's instance nor the cookies are at hand.

/** Sent with every request: JSON answers, and the header that marks an XHR for the server. */
export const BASE_HEADERS = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' } as const;

/** Double-submit CSRF: the cookie the server sets, echoed in this header on every write. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
export const CSRF_PATH = '/sanctum/csrf-cookie';

/** A write sent again with the same key is answered from the server's record, not applied twice. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Methods that carry no CSRF header. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * GET /sanctum/csrf-cookie: sets a fresh token cookie and returns the token in the body too (a
 * service worker cannot read cookies). Undefined when the answer holds none; throws only when the
 * request never reached the server.
 */
export async function fetchCsrfToken(): Promise<string | undefined> {
  const response = await fetch(CSRF_PATH, { credentials: 'same-origin', headers: BASE_HEADERS });
  if (!response.ok) return undefined;
  const body = (await response.json().catch(() => undefined)) as { token?: unknown } | undefined;
  return typeof body?.token === 'string' ? body.token : undefined;
}

/** The headers of a JSON write, as the ky client sends them. */
export function writeHeaders(
  csrfToken: string,
  idempotencyKey: string,
  json: boolean,
): Record<string, string> {
  return {
    ...BASE_HEADERS,
    ...(json && { 'Content-Type': 'application/json' }),
    [CSRF_HEADER]: csrfToken,
    [IDEMPOTENCY_HEADER]: idempotencyKey,
  };
}
