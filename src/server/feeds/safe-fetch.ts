// The one way the server fetches a URL a user gave it (feeds and their cover images). A user
// must not be able to make the server reach what only the server can reach (SSRF): only http
// and https; the host is resolved here and every address is classified (net/address-policy.ts)
// before connecting; the connection goes to exactly the address that was checked (a pinned
// lookup, so a second DNS answer cannot swap in 127.0.0.1); each redirect is checked the same
// way; and the body is cut off at a size limit and the whole fetch, body included, at a time limit.
import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FeedConfig } from '../config.ts';
import { FeedError } from './feed-error.ts';
import { classifyAddress, hostOf, isIpAddress } from '../net/address-policy.ts';
import { isAllowed } from '../net/allow-list.ts';
import { refuseInTransaction } from '../db/transaction-scope.ts';

export const MAX_REDIRECTS = 5;

const number = (value: number) => new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }).format(value);

const UNREACHABLE = 'Der Server des Feeds ist nicht erreichbar. Bitte prüfe die Adresse.';

export const fetchMessages = {
  scheme: 'Wir rufen nur Adressen ab, die mit http:// oder https:// beginnen.',
  invalidUrl: 'Diese Adresse ist ungültig.',
  /**
   * One message for every target we refuse or cannot reach (Entscheidung FEED-1), and for an HTTP
   * error of an address only the allow list lets us reach (Entscheidung FEED-2). A public address
   * keeps its status messages (its ports are anyone's to probe), and a time limit keeps its own:
   * only a port the list names is reached at all.
   */
  refused: UNREACHABLE,
  unreachable: UNREACHABLE,
  notFound: (status: number) => `Unter dieser Adresse gibt es keinen Feed (HTTP ${status}).`,
  status: (status: number) => `Der Server des Feeds antwortet mit einem Fehler (HTTP ${status}).`,
  redirects: `Der Feed wird zu oft weitergeleitet (mehr als ${MAX_REDIRECTS}-mal).`,
  tooLarge: (bytes: number) => `Der Feed ist zu groß: höchstens ${number(bytes / 1024 / 1024)} MB.`,
  timeout: (ms: number) => `Der Feed hat nicht innerhalb von ${number(ms / 1000)} Sekunden geantwortet.`,
  encoding: 'Der Server des Feeds sendet ein Format, das wir nicht lesen können.',
};

export type FetchOptions = FeedConfig & {
  accept: string;
  /** Only the body's first bytes, then the connection closes (a cover's header for the Feed-Check). */
  headBytes?: number;
  /** More request headers (OP3's `authorization`, audience/op3-client.ts); they win over ours. */
  headers?: Record<string, string>;
};
export type Fetched = { body: Buffer; contentType: string | undefined; url: URL };

function parseUrl(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new FeedError(fetchMessages.invalidUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedError(fetchMessages.scheme);
  return url;
}

/** Rejects when the fetch is aborted (the time limit), so a slow DNS answer cannot hold it. */
const abortable = <T>(promise: Promise<T>, signal: AbortSignal) =>
  new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });

/** Where to connect; `listed`: an address the policy refuses, reached only through the allow list. */
export type Target = { address: string; family: 4 | 6; listed: boolean };

/**
 * The address to connect to for `url`, after every address of its host passed the policy (also
 * used by the push sender, src/server/push/push-sender.ts).
 */
export async function checkedTarget(
  url: URL,
  options: Pick<FeedConfig, 'allowedHosts' | 'onlyAllowedHosts'>,
  signal: AbortSignal,
): Promise<Target> {
  // Every connection to a URL starts here (feeds, covers, OP3, push services).
  refuseInTransaction('A connection to another server');
  const host = hostOf(url);
  const hostAllowed = isAllowed(options.allowedHosts, url);
  if (options.onlyAllowedHosts && !hostAllowed) throw new FeedError(fetchMessages.refused);
  const addresses = isIpAddress(host)
    ? [{ address: host, family: host.includes(':') ? 6 : 4 }]
    : await abortable(lookup(host, { all: true, verbatim: true }), signal).catch((error: unknown) => {
        if (signal.aborted) throw error;
        throw new FeedError(fetchMessages.unreachable);
      });
  if (addresses.length === 0) throw new FeedError(fetchMessages.unreachable);
  for (const { address } of addresses) {
    if (hostAllowed || isAllowed(options.allowedHosts, url, address)) continue;
    if (!classifyAddress(address).allowed) throw new FeedError(fetchMessages.refused);
  }
  const first = addresses[0]!;
  const listed = !classifyAddress(first.address).allowed;
  return { address: first.address, family: first.family === 6 ? 6 : 4, listed };
}

/** A DNS lookup for the socket that only ever answers the checked address. */
export const pinnedLookup = (target: Target) =>
  ((_host, lookupOptions, callback) => {
    const { address, family } = target;
    if (lookupOptions.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;

/** A GET of `url` whose socket connects to `target`, whatever the host name would resolve to. */
export function pinnedRequest(url: URL, target: Target, options: FetchOptions, signal: AbortSignal) {
  const pinned = pinnedLookup(target);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = client.request(url, {
      method: 'GET',
      agent: false,
      lookup: pinned,
      signal,
      headers: {
        accept: options.accept,
        'accept-encoding': 'gzip, br',
        'user-agent': 'KompassStudio/1.0 (Feed-Import)',
        ...options.headers,
      },
    });
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
}

function decoded(response: IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'br'
        ? zlib.createBrotliDecompress()
        : encoding === 'deflate'
          ? zlib.createInflate()
          : undefined;
  if (!decoder) {
    if (encoding !== 'identity') throw new FeedError(fetchMessages.encoding);
    return response;
  }
  response.once('error', (error) => decoder.destroy(error));
  response.once('aborted', () => decoder.destroy(new Error('aborted')));
  return response.pipe(decoder);
}

/**
 * The body, decompressed, refused as soon as it passes `maxBytes` (also a compressed bomb). The
 * time limit covers the body too (Entscheidung FEED-3): a body is returned only when the server
 * finished it (`complete`) before the deadline; a stream that merely stopped — the deadline
 * destroyed it, or the server cut it — is never handed to the parser.
 */
export async function readBody(
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
  headBytes?: number,
): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (headBytes === undefined && declared > maxBytes) throw new FeedError(fetchMessages.tooLarge(maxBytes));
  const chunks: Buffer[] = [];
  let size = 0;
  /** Only the first `headBytes` were wanted: a body cut there is what was asked for. */
  let head = false;
  try {
    for await (const chunk of decoded(response)) {
      signal.throwIfAborted();
      size += (chunk as Buffer).length;
      chunks.push(chunk as Buffer);
      if (headBytes !== undefined && size >= headBytes) {
        head = true;
        break;
      }
      if (size > maxBytes) throw new FeedError(fetchMessages.tooLarge(maxBytes));
    }
    signal.throwIfAborted();
    if (!head && !response.complete) throw new FeedError(fetchMessages.unreachable);
  } finally {
    response.destroy();
  }
  return Buffer.concat(chunks, size);
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The message of an HTTP error; `listed`: from an address only the allow list reaches (see above). */
export function httpFailure(status: number, listed: boolean) {
  if (listed) return fetchMessages.unreachable;
  return status === 404 || status === 410 ? fetchMessages.notFound(status) : fetchMessages.status(status);
}

/** Fetches `input` within the limits of `options`; every failure is a FeedError. */
export async function safeFetch(input: string, options: FetchOptions): Promise<Fetched> {
  refuseInTransaction('A fetch of a URL (feed or cover)');
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new FeedError(fetchMessages.timeout(options.timeoutMs))),
    options.timeoutMs,
  );
  try {
    let url = parseUrl(input);
    for (let redirects = 0; ; redirects++) {
      const target = await checkedTarget(url, options, controller.signal);
      const response = await pinnedRequest(url, target, options, controller.signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (redirects === MAX_REDIRECTS) throw new FeedError(fetchMessages.redirects);
        url = parseUrl(location, url);
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new FeedError(httpFailure(status, target.listed));
      }
      const body = await readBody(response, options.maxBytes, controller.signal, options.headBytes);
      return { body, contentType: response.headers['content-type'], url };
    }
  } catch (error) {
    if (controller.signal.aborted) throw controller.signal.reason as FeedError;
    if (error instanceof FeedError) throw error;
    throw new FeedError(fetchMessages.unreachable);
  } finally {
    clearTimeout(timer);
  }
}
