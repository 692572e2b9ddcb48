// JSON that changes only when the content is re-seeded: conditional GETs (ETag, 304) and bodies
// rendered and compressed once, then sent as they are.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';

/** Whether `If-None-Match` names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

type Encoding = 'br' | 'gzip';

/** Smaller JSON gains less from compression than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * The encodings of the last Accept-Encoding headers: a browser sends the same one with every
 * request, and splitting it anew costs every kept read (Entscheidung HTTP-6).
 */
const preferred = new Map<string, Encoding | undefined>();
const PREFERRED_KEPT = 64;

/** The encoding to send: brotli, else gzip, as `Accept-Encoding` allows; undefined for none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  if (preferred.has(acceptEncoding)) return preferred.get(acceptEncoding);
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name!, weight ? Number(weight.slice(2)) || 0 : 1);
  }
  const accepts = (e: Encoding) => (q.get(e) ?? q.get('*') ?? 0) > 0;
  const encoding = accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : undefined;
  if (preferred.size >= PREFERRED_KEPT) preferred.clear();
  preferred.set(acceptEncoding, encoding);
  return encoding;
}

class RenderedJson {
  private readonly encoded = new Map<Encoding, Buffer>();
  constructor(readonly json: Buffer) {}

  /** Compressed at first use, at a level too slow for every request but fine once. */
  as(encoding: Encoding) {
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
          : gzipSync(this.json, { level: 9 });
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

/** A bounded map of rendered bodies; the oldest entry goes when it is full. */
export function renderedJsonCache(size: number) {
  const entries = new Map<string, RenderedJson>();
  return {
    get: (key: string) => entries.get(key),
    set(key: string, value: unknown) {
      if (entries.size >= size) entries.delete(entries.keys().next().value!);
      const rendered = new RenderedJson(Buffer.from(JSON.stringify(value)));
      entries.set(key, rendered);
      return rendered;
    },
  };
}

export function sendRendered(reply: FastifyReply, rendered: RenderedJson, acceptEncoding?: string) {
  reply.type('application/json; charset=utf-8').header('Vary', 'accept-encoding');
  const encoding = rendered.json.length >= COMPRESS_THRESHOLD ? preferredEncoding(acceptEncoding) : undefined;
  if (!encoding) return reply.send(rendered.json);
  return reply.header('Content-Encoding', encoding).send(rendered.as(encoding));
}
