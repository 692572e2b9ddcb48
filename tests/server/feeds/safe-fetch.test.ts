// The guarded fetch end to end, against servers on loopback only: what is allowed arrives, what
// is refused never reaches its server, and size, time and redirect limits hold.
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { FeedConfig } from '../../../src/server/config.ts';
import { FeedError } from '../../../src/server/feeds/feed-error.ts';
import {
  fetchMessages,
  httpFailure,
  pinnedRequest,
  readBody,
  safeFetch,
} from '../../../src/server/feeds/safe-fetch.ts';
import { freePort } from '../../support/loopback-server.ts';
import { startDecoy, startFeedServer } from './feed-server.ts';

const server = await startFeedServer();
const decoy = await startDecoy('127.0.0.2');
const decoy6 = await startDecoy('::1');

const options = (overrides: Partial<FeedConfig> = {}) => ({
  allowedHosts: [new URL(server.origin).host],
  onlyAllowedHosts: false,
  maxBytes: 64 * 1024,
  timeoutMs: 1500,
  accept: '*/*',
  ...overrides,
});

async function failure(url: string, overrides: Partial<FeedConfig> = {}) {
  try {
    await safeFetch(url, options(overrides));
  } catch (error) {
    if (error instanceof FeedError) return error.message;
    throw error;
  }
  throw new Error(`${url} was fetched`);
}

server.route('/ok', (_req, res) => res.end('hallo'));

describe('allowed', () => {
  it('fetches from a host on FEED_ALLOWED_HOSTS', async () => {
    const fetched = await safeFetch(server.url('/ok'), options());
    expect(fetched.body.toString()).toBe('hallo');
  });

  it('with a bare host allows its default ports only: a feed on a high loopback port is refused like a closed port', async () => {
    const bare = { allowedHosts: ['127.0.0.1'] };
    const before = server.hits;
    const refused = await failure(server.url('/ok'), bare);
    const closed = await failure(`http://127.0.0.1:${await freePort()}/ok`, bare);
    expect(refused).toBe(fetchMessages.unreachable);
    expect(closed).toBe(refused);
    expect(server.hits).toBe(before);
  });

  it('with host:port allows that port only; a live service and a closed port elsewhere answer alike', async () => {
    const only = { allowedHosts: [new URL(server.origin).host] };
    expect((await safeFetch(server.url('/ok'), options(only))).body.toString()).toBe('hallo');
    // Another live HTTP service on the same host (a decoy counting its hits) and a closed port.
    const other = await startFeedServer();
    other.route('/ok', (_req, res) => res.end('intern'));
    const closed = await freePort();
    const live = await failure(other.url('/ok'), only);
    const dead = await failure(`http://127.0.0.1:${closed}/ok`, only);
    expect(live).toBe(fetchMessages.unreachable);
    expect(dead).toBe(live);
    expect(other.hits).toBe(0);
    // A refused address (never connected) says the same as an unreachable one.
    expect(await failure(decoy.url())).toBe(live);
    expect(decoy.hits).toBe(0);
  });

  it('follows redirects on allowed hosts (relative ones too), at most five', async () => {
    server.redirect('/r1', '/r2', 301);
    server.redirect('/r2', server.url('/ok'), 308);
    const fetched = await safeFetch(server.url('/r1'), options());
    expect(fetched.body.toString()).toBe('hallo');
    expect(fetched.url.pathname).toBe('/ok');

    for (let i = 0; i < 6; i++) server.redirect(`/loop${i}`, `/loop${i + 1}`);
    server.redirect('/loop6', '/ok');
    expect(await failure(server.url('/loop1'))).toBe(fetchMessages.redirects); // 1 → 6 → ok: 6 hops
    expect((await safeFetch(server.url('/loop2'), options())).body.toString()).toBe('hallo'); // 5 hops
  });

  it('decompresses gzip and counts the limit after decompression (a zip bomb is cut off)', async () => {
    server.route('/gzip', (_req, res) => {
      res.setHeader('content-encoding', 'gzip');
      res.end(gzipSync('komprimiert'));
    });
    expect((await safeFetch(server.url('/gzip'), options())).body.toString()).toBe('komprimiert');

    const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024)); // 50 MB of zeros, about 50 KB on the wire
    server.route('/bomb', (_req, res) => {
      res.setHeader('content-encoding', 'gzip');
      res.end(bomb);
    });
    expect(await failure(server.url('/bomb'), { maxBytes: 1024 * 1024 })).toBe(
      fetchMessages.tooLarge(1024 * 1024),
    );
  });
});

describe('refused without connecting', () => {
  it('refuses loopback that is not on the allow list (127.0.0.2)', async () => {
    expect(await failure(decoy.url())).toBe(fetchMessages.refused);
    expect(decoy.hits).toBe(0);
  });

  it('refuses IPv6 loopback [::1]', async () => {
    expect(await failure(decoy6.url())).toBe(fetchMessages.refused);
    expect(decoy6.hits).toBe(0);
  });

  it('refuses a redirect from an allowed server to a refused address', async () => {
    server.redirect('/to-decoy', decoy.url());
    server.redirect('/to-decoy6', decoy6.url());
    server.redirect('/to-decimal', decoy.url().replace('127.0.0.2', '2130706434'));
    for (const path of ['/to-decoy', '/to-decoy6', '/to-decimal']) {
      expect(await failure(server.url(path)), path).toBe(fetchMessages.refused);
    }
    expect(decoy.hits + decoy6.hits).toBe(0);
  });

  it('refuses the decimal and hex spellings of a refused address', async () => {
    const port = new URL(decoy.url()).port;
    for (const host of ['2130706434', '0x7f.0.0.2', '0x7f000002', '127.2']) {
      expect(await failure(`http://${host}:${port}/feed.xml`), host).toBe(fetchMessages.refused);
    }
    expect(decoy.hits).toBe(0);
  });

  it('fetches only http and https: no file://, no ftp://, also not as a redirect target', async () => {
    expect(await failure('file:///etc/passwd')).toBe(fetchMessages.scheme);
    expect(await failure('ftp://127.0.0.1/')).toBe(fetchMessages.scheme);
    expect(await failure('gopher://127.0.0.1:70/')).toBe(fetchMessages.scheme);
    server.redirect('/to-file', 'file:///etc/passwd');
    expect(await failure(server.url('/to-file'))).toBe(fetchMessages.scheme);
  });

  it('with FEED_ONLY_ALLOWED_HOSTS fetches nothing but the listed hosts', async () => {
    expect(await failure(decoy.url(), { onlyAllowedHosts: true })).toBe(fetchMessages.refused);
    expect((await safeFetch(server.url('/ok'), options({ onlyAllowedHosts: true }))).body.toString()).toBe(
      'hallo',
    );
    expect(await failure(server.url('/ok'), { allowedHosts: [], onlyAllowedHosts: true })).toBe(
      fetchMessages.refused,
    );
  });

  it('matches the allow list however an address is written', async () => {
    const listed = await startDecoy('::1');
    const port = new URL(listed.url()).port;
    const fetched = await safeFetch(listed.url(), options({ allowedHosts: [`[0:0:0:0:0:0:0:1]:${port}`] }));
    expect(fetched.body.toString()).toContain('Köder');
    expect(listed.hits).toBe(1);
  });
});

describe('the connection goes to the checked address', () => {
  it('uses the pinned address, not what the name would resolve to', async () => {
    // "localhost" would resolve to 127.0.0.1 or ::1, where nothing listens on the decoy's port;
    // the pinned lookup sends the socket to 127.0.0.2, the address that was checked.
    const url = new URL(decoy.url().replace('127.0.0.2', 'localhost'));
    const before = decoy.hits;
    const response = await pinnedRequest(
      url,
      { address: '127.0.0.2', family: 4, listed: true },
      options(),
      new AbortController().signal,
    );
    let body = '';
    for await (const chunk of response) body += String(chunk);
    expect(body).toContain('Köder');
    expect(decoy.hits).toBe(before + 1);
  });
});

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
