// The one HTTP client (DESIGN.md): cookies, JSON, X-Requested-With, the XSRF header on writes,
// one CSRF refresh on 419, and any 401 locks the session out.
import ky, { type KyRequest, type Options, type ResponsePromise } from 'ky';
import type { ApiError } from '../../shared/api.ts';
import type { Read } from '../../shared/reads.ts';
import {
  BASE_HEADERS,
  CSRF_COOKIE,
  CSRF_HEADER,
  fetchCsrfToken as requestCsrfToken,
  SAFE_METHODS,
} from '../../browser/http.ts';
import { CACHED_COPY_HEADER, OFFLINE_COPY_HEADER } from '../../browser/messages.ts';
import { takeBootAnswer } from './boot-answers.ts';

/** Options a caller may put into ky's `context`. */
export type RequestContext = {
  /** The caller handles 401 itself (the account probe, login); no lockout. */
  allowUnauthorized?: boolean;
};

let onUnauthorized: () => void = () => {};
let onAnswer: (offlineCopyFrom: string | null) => void = () => {};

/** main.tsx wires the lockout (clear the user, go to login) once router and cache exist. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

/**
 * Every answer is told to `handler`, with the time the service worker's offline copy was made
 * (null for an answer from the server): the connectivity store (offline/connectivity.ts) follows it.
 */
export function setAnswerHandler(handler: (offlineCopyFrom: string | null) => void) {
  onAnswer = handler;
}

function readCookie(name: string): string | undefined {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return entry ? decodeURIComponent(entry.slice(name.length + 1)) : undefined;
}

/** A fresh CSRF token (src/browser/http.ts): the cookie it sets, or the body's where cookies are unreadable. */
export async function fetchCsrfToken(): Promise<string> {
  const token = await requestCsrfToken();
  return readCookie(CSRF_COOKIE) ?? token ?? '';
}

async function setXsrfHeader(request: KyRequest) {
  if (SAFE_METHODS.has(request.method)) return;
  const token = readCookie(CSRF_COOKIE) ?? (await fetchCsrfToken());
  request.headers.set(CSRF_HEADER, token);
}

const client = ky.create({
  prefixUrl: '/',
  credentials: 'include',
  headers: BASE_HEADERS,
  // ky retries nothing itself (only the forced CSRF refresh below): the query cache retries 5xx,
  // a network error falls back to the cache at once (offline start), and a 429 shows its message
  // (ky would otherwise sleep through the Retry-After of a throttle, minutes of a loading state).
  retry: { shouldRetry: () => false },
  hooks: {
    beforeRequest: [setXsrfHeader],
    afterResponse: [
      async (_request, options, response, state) => {
        const context = options.context as RequestContext;
        if (!response.headers.has(CACHED_COPY_HEADER)) onAnswer(response.headers.get(OFFLINE_COPY_HEADER));
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

/** An embedded answer in ky's shape: `.json()` gives the body as the server wrote it. */
function answered<T>(body: unknown): ResponsePromise<T> {
  void Promise.resolve().then(() => onAnswer(null));
  const text = () => JSON.stringify(body);
  const response = () => new Response(text(), { headers: { 'Content-Type': 'application/json' } });
  return Object.assign(Promise.resolve().then(response), {
    json: <J>() => Promise.resolve(body as J),
    text: () => Promise.resolve(text()),
    arrayBuffer: () => response().arrayBuffer(),
    blob: () => response().blob(),
    formData: () => response().formData(),
    bytes: () => response().bytes(),
  }) as ResponsePromise<T>;
}

/**
 * A read of src/shared/reads.ts: from the page's embedded answers (boot-answers.ts) once, by the
 * URL its descriptor makes (the one the server embedded it under), else a GET. The embedded answer
 * goes without ky: ky builds a Request, merges headers and hooks and clones the response for each
 * call, and the first screen's dozen calls cost the dashboard ~40 ms of a desktop's main thread,
 * four times that on a phone, before its first paint (Entscheidung CLI-29).
 */
export const api = Object.assign(client, {
  read<T>(read: Read, options?: Options): ResponsePromise<T> {
    const found = takeBootAnswer(read.url);
    return found ? answered<T>(found.body) : client.get<T>(read.url.slice(1), options);
  },
});
