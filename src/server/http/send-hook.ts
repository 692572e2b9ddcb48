// The one onSend hook of every answer: security headers on all of them (the document set on pages
// and files, a short set on the API), the CSP on documents and scripts, and for the API
// `Cache-Control: no-store` and compression of large JSON. Fastify runs each onSend hook as a step
// of its own; three hooks (one of them async, one @fastify/compress, which parsed Accept-Encoding
// even for answers too small to compress) cost a small API answer more than everything this one
// does.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD, preferredEncoding } from './cached-json.ts';
import { routeOf } from './route-of.ts';
import { apiHeaders, contentSecurityPolicy, securityHeaders } from './security-headers.ts';

const NEEDS_CSP = /^(text\/html|text\/javascript|application\/javascript)/;
const JSON_TYPE = /^application\/json/;
// Brotli's quality 1: a 7.5 KB method page takes 23 µs and 618 bytes, against 81 µs and 548 bytes
// at quality 4 (Entscheidung HTTP-7). Quality 11
// was @fastify/compress's default, which this replaces.
// A 64 KB window (lgwin 16) instead of 4 MB: API answers are far smaller, and the encoder's
// buffers follow the window and the size hint.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_LGWIN]: 16 } };

/**
 * API answers carry personal data: no cache may keep them unless a route says otherwise by setting
 * its own Cache-Control. The route is matched as the router matched it; an unrouted request by
 * its URL.
 */
const isApi = (request: FastifyRequest) => {
  const url = routeOf(request).url ?? request.url;
  return url.startsWith('/api/') || request.url.startsWith('/sanctum/');
};

function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
}

/**
 * The compressed bytes of the last bodies, by the body itself: a list or a podcast asked for again
 * unchanged (a reload, another tab, a poll) is not compressed again. The key is the whole text, so
 * a hit is exactly the same body, whoever asked; nothing about who may see it is decided here.
 * Entscheidung HTTP-5. Bounded by count and body size; the oldest entry goes first.
 */
const COMPRESSED_BODIES = 128;
const COMPRESSED_MAX = 64 * 1024;
const compressedBodies = new Map<string, { br?: Buffer; gzip?: Buffer }>();

function encode(input: Buffer, encoding: 'br' | 'gzip') {
  return encoding === 'br'
    ? brotliCompressSync(input, {
        params: { ...BROTLI.params, [constants.BROTLI_PARAM_SIZE_HINT]: input.length },
      })
    : gzipSync(input);
}

/** `payload` compressed, from the cache when this very text was compressed before. */
function compressed(payload: string | Buffer, encoding: 'br' | 'gzip') {
  // Encoded once here: zlib would encode a string again in each call it makes.
  if (typeof payload !== 'string' || payload.length > COMPRESSED_MAX) {
    return encode(typeof payload === 'string' ? Buffer.from(payload) : payload, encoding);
  }
  let entry = compressedBodies.get(payload);
  if (!entry) {
    if (compressedBodies.size >= COMPRESSED_BODIES)
      compressedBodies.delete(compressedBodies.keys().next().value!);
    compressedBodies.set(payload, (entry = {}));
  }
  return (entry[encoding] ??= encode(Buffer.from(payload), encoding));
}

/** JSON of the API above the threshold goes out brotli- or gzip-compressed, as the client accepts. */
function compressJson(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  // A string has at least as many bytes as characters: only a short one needs counting.
  const small = payload.length < COMPRESS_THRESHOLD && Buffer.byteLength(payload) < COMPRESS_THRESHOLD;
  if (small || reply.hasHeader('content-encoding')) return payload;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !JSON_TYPE.test(type)) return payload;
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  addVary(reply);
  if (!encoding) return payload;
  const body = compressed(payload, encoding);
  reply.header('content-encoding', encoding).header('content-length', body.length);
  return body;
}

export function registerSendHook(app: FastifyInstance, secure: boolean) {
  const headers = securityHeaders(secure);
  const api = apiHeaders(secure);
  const csp = contentSecurityPolicy(secure);
  app.addHook('onSend', function headersAndCompression(request, reply, payload, done) {
    if (!isApi(request)) {
      reply.headers(headers);
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && NEEDS_CSP.test(type)) reply.header('content-security-policy', csp);
      return done(null, payload);
    }
    reply.headers(api);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    let body: unknown;
    try {
      body = compressJson(request, reply, payload);
    } catch (error) {
      return done(error as Error);
    }
    done(null, body);
  });
}
