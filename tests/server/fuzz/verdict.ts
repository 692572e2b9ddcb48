// How the fuzz test judges an answer, and how it reports and groups the bad ones.
import type { LightMyRequestResponse } from 'fastify';
import type { Case } from './variants.ts';

// Fastify's English defaults and zod's English texts; our messages are German sentences.
const ENGLISH =
  /\b(Bad Request|Not Found|Internal Server Error|Unsupported Media Type|Payload Too Large|Too Many Requests|Unauthorized|Forbidden|Expected|expected|Invalid input|received|is not a valid|must be|Unexpected)\b/;
const german = (text: unknown) => typeof text === 'string' && text.trim() !== '' && !ENGLISH.test(text);

/** What is wrong with a response, or undefined when it is fine. */
export function problem(method: string, response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return '5xx';
  if (response.statusCode < 400 || method === 'HEAD') return undefined;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return 'kein JSON';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'kein Objekt';
  const { message, errors, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length) return `fremde Felder ${Object.keys(rest).join(',')}`;
  if (!german(message)) return 'message fehlt oder nicht deutsch';
  if (errors === undefined) return 'errors fehlt';
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return 'errors kein Objekt';
  for (const list of Object.values(errors)) {
    if (!Array.isArray(list) || list.length === 0 || !list.every(german))
      return 'errors keine deutschen Texte';
  }
  return undefined;
}

const short = (text: string | Buffer | undefined, max: number) => {
  if (text === undefined) return '–';
  const s = typeof text === 'string' ? text : text.toString('latin1');
  return JSON.stringify(s.length > max ? `${s.slice(0, max)}… (${s.length} Zeichen)` : s);
};
export function describeFailure(
  c: Case,
  response: LightMyRequestResponse,
  why: string,
  serverError?: string,
) {
  return [
    `${why}: ${response.statusCode} ${c.method} ${short(c.url, 120)}`,
    `  als ${c.persona}, CSRF ${c.csrf}, Fall „${c.note}“`,
    c.headers ? `  Header ${short(JSON.stringify(c.headers), 120)}` : undefined,
    c.body
      ? `  Body (${c.body.contentType ?? 'ohne Content-Type'}) ${short(c.body.payload, 160)}`
      : undefined,
    `  Antwort ${short(response.body, 300)}`,
    response.statusCode >= 500 ? `  Serverfehler ${serverError ?? '–'}` : undefined,
  ]
    .filter(Boolean)
    .join('\n');
}

const undecodable = (value: string | undefined) => {
  try {
    decodeURIComponent(value ?? '');
    return false;
  } catch {
    return true;
  }
};

/** Failures of one kind share a key: a 5xx by its input, a wrong shape by its body. */
export function failureKey(c: Case, response: LightMyRequestResponse, why: string) {
  const body = response.body.replaceAll(c.url, '<url>').replace(/\d+/g, 'N').slice(0, 120);
  if (why !== '5xx') return `${why} ${response.statusCode} ${body}`;
  // A token that cannot be decoded fails every input alike: one class for all of them.
  const token = c.headers?.['x-xsrf-token'] ?? (c.csrf === 'kaputt' ? '%E0%A4%A' : undefined);
  return `${why} ${response.statusCode} ${undecodable(token) ? 'X-XSRF-TOKEN' : c.note}`;
}
