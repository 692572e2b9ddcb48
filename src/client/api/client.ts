// The one HTTP client (DESIGN.md): cookies, JSON, X-Requested-With, the XSRF header on writes,
// one CSRF refresh on 419, and any 401 locks the session out.
import ky, { type KyRequest } from 'ky';
import type { ApiError } from '../../shared/api.ts';
import { OFFLINE_COPY_HEADER } from '../../shared/offline/messages.ts';
import { noteAnswer } from '../lib/connectivity.ts';

const XSRF_COOKIE = 'XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Options a caller may put into ky's `context`. */
export type RequestContext = {
  /** The caller handles 401 itself (the account probe, login); no lockout. */
  allowUnauthorized?: boolean;
};

let onUnauthorized: () => void = () => {};

/** main.tsx wires the lockout (clear the user, go to login) once router and cache exist. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

function readCookie(name: string): string | undefined {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return entry ? decodeURIComponent(entry.slice(name.length + 1)) : undefined;
}

/** GET /sanctum/csrf-cookie; the body carries the token too, for when cookies are unreadable. */
export async function fetchCsrfToken(): Promise<string> {
  const response = await fetch('/sanctum/csrf-cookie', {
    credentials: 'include',
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  });
  const body = (await response.json().catch(() => ({}))) as { token?: string };
  return readCookie(XSRF_COOKIE) ?? body.token ?? '';
}

async function setXsrfHeader(request: KyRequest) {
  if (SAFE_METHODS.has(request.method)) return;
  const token = readCookie(XSRF_COOKIE) ?? (await fetchCsrfToken());
  request.headers.set('X-XSRF-TOKEN', token);
}

export const api = ky.create({
  prefixUrl: '/',
  credentials: 'include',
  headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  // ky retries nothing itself (only the forced CSRF refresh below): the query cache retries 5xx,
  // a network error falls back to the cache at once (offline start), and a 429 shows its message
  // (ky would otherwise sleep through the Retry-After of a throttle, minutes of a loading state).
  retry: { shouldRetry: () => false },
  hooks: {
    beforeRequest: [setXsrfHeader],
    afterResponse: [
      async (_request, options, response, state) => {
        const context = options.context as RequestContext;
        noteAnswer(response.headers.get(OFFLINE_COPY_HEADER));
        if (response.status === 419 && state.retryCount === 0) {
          // The CSRF token expired with the session: fetch a fresh one, beforeRequest resends.
          await fetchCsrfToken();
          return ky.retry({ delay: 0 });
        }
        if (response.status === 401 && !context.allowUnauthorized) onUnauthorized();
        return response;
      },
    ],
    beforeError: [
      async (error) => {
        const body = (await error.response
          .clone()
          .json()
          .catch(() => undefined)) as Partial<ApiError> | undefined;
        (error as { api?: ApiError }).api = {
          message: body?.message ?? `Die Anfrage ist fehlgeschlagen (${error.response.status}).`,
          errors: body?.errors ?? {},
        };
        return error;
      },
    ],
  },
});
