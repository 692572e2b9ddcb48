// The guarded fetch's limits and failures: size, stalls and trickles, cut bodies, HTTP errors, nothing listening, no URL; a body only whole and in time.
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FeedError } from '../../../src/server/feeds/feed-error.ts';
import { fetchMessages, httpFailure, readBody } from '../../../src/server/feeds/safe-fetch.ts';
import { freePort } from '../../support/loopback-server.ts';
import { startFeedServer } from './feed-server.ts';
import { fetchSetup } from './fetch-setup.ts';

const { server, failure } = await fetchSetup();

describe('limits and failures', () => {
  it('refuses a body above the size limit, declared or streamed', async () => {
    server.route('/declared', (_req, res) => {
      res.setHeader('content-length', String(10 * 1024 * 1024));
      res.write('x'); // then never finishes: the declared length is enough to refuse
    });
    expect(await failure(server.url('/declared'))).toBe(fetchMessages.tooLarge(64 * 1024));

    let sent = 0;
    server.route('/stream', (_req, res) => {
      // Chunked, no length: the limit has to catch it while reading.
      const chunk = Buffer.alloc(16 * 1024, 'a');
      const pump = () => {
        while (sent < 10 * 1024 * 1024 && res.write(chunk)) sent += chunk.length;
        if (sent < 10 * 1024 * 1024 && !res.destroyed) res.once('drain', pump);
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
    });
    expect(await failure(server.url('/stream'))).toBe(fetchMessages.tooLarge(64 * 1024));
    expect(sent).toBeLessThan(10 * 1024 * 1024);
  });

  it('gives up on a server that sends headers and then stalls', async () => {
    server.route('/slow', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.write('<rss>'); // and nothing more
    });
    expect(await failure(server.url('/slow'), { timeoutMs: 300 })).toBe(fetchMessages.timeout(300));
  });

  it('counts the body into the time limit: a trickling feed is a timeout, never a partial body', async () => {
    const trickle = (first: string) => (_req: unknown, res: import('node:http').ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.write(first);
      // then a byte now and then, for as long as the client listens
      const timer = setInterval(() => res.write(' '), 20);
      res.on('close', () => clearInterval(timer));
    };
    server.route('/trickle-cut', trickle('<rss version="2.0"><channel><title>Halb'));
    server.route(
      '/trickle-whole',
      trickle('<rss version="2.0"><channel><title>Ganz</title></channel></rss>'),
    );
    for (const path of ['/trickle-cut', '/trickle-whole']) {
      expect(await failure(server.url(path), { timeoutMs: 300 }), path).toBe(fetchMessages.timeout(300));
    }
  });

  it('never returns a body the server cut short', async () => {
    server.route('/cut', (req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-length': '1000' });
      res.write('<rss version="2.0"><channel><title>Abgebrochen</title>');
      res.once('finish', () => undefined);
      setImmediate(() => req.socket.destroy());
    });
    expect(await failure(server.url('/cut'))).toBe(fetchMessages.unreachable);
  });

  it('gives up on a server that never answers', async () => {
    server.route('/silent', () => undefined);
    expect(await failure(server.url('/silent'), { timeoutMs: 300 })).toBe(fetchMessages.timeout(300));
  });

  it('answers an HTTP error of an allowed internal port like a closed port', async () => {
    const locked = await startFeedServer();
    locked.route('/feed.xml', (_req, res) => {
      res.statusCode = 401;
      res.end();
    });
    const closed = await freePort();
    const both = { allowedHosts: [new URL(locked.origin).host, `127.0.0.1:${closed}`] };
    const unauthorized = await failure(locked.url('/feed.xml'), both);
    expect(locked.hits).toBe(1);
    expect(unauthorized).toBe(await failure(`http://127.0.0.1:${closed}/feed.xml`, both));
    expect(unauthorized).toBe(fetchMessages.unreachable);
    expect(await failure(server.url('/gibt-es-nicht'))).toBe(fetchMessages.unreachable);
  });

  it('says which HTTP error a public server answered', () => {
    expect(httpFailure(404, false)).toBe(fetchMessages.notFound(404));
    expect(httpFailure(410, false)).toBe(fetchMessages.notFound(410));
    expect(httpFailure(500, false)).toBe(fetchMessages.status(500));
    expect(httpFailure(401, true)).toBe(fetchMessages.unreachable);
  });

  it('says when nothing listens', async () => {
    const port = await freePort(); // free a moment ago: nothing listens there
    expect(await failure(`http://127.0.0.1:${port}/feed.xml`)).toBe(fetchMessages.unreachable);
  });

  it('refuses what is no URL', async () => {
    expect(await failure('http://')).toBe(fetchMessages.invalidUrl);
    expect(await failure('http://[::1/')).toBe(fetchMessages.invalidUrl);
  });
});

describe('a body is parsed only when it is whole and in time', () => {
  const FEED = '<rss version="2.0"><channel><title>Ganz</title></channel></rss>';
  /** A response stream that ends cleanly, finished by the server (`complete`) or not. */
  const response = (complete: boolean) =>
    Object.assign(Readable.from([Buffer.from(FEED)]), {
      headers: {},
      complete,
    }) as unknown as IncomingMessage;
  const reason = (promise: Promise<unknown>) =>
    promise.then(
      () => 'gelesen',
      (error: Error) => error.message,
    );

  it('returns a body the server finished', async () => {
    const body = await readBody(response(true), 1024, new AbortController().signal);
    expect(body.toString()).toBe(FEED);
  });

  it('refuses a stream that ended without the server finishing it', async () => {
    expect(await reason(readBody(response(false), 1024, new AbortController().signal))).toBe(
      fetchMessages.unreachable,
    );
  });

  it('answers the timeout once the deadline passed, even if the stream ended cleanly', async () => {
    const controller = new AbortController();
    controller.abort(new FeedError(fetchMessages.timeout(300)));
    expect(await reason(readBody(response(true), 1024, controller.signal))).toBe(fetchMessages.timeout(300));
  });
});
