// Loopback HTTP servers for the feed tests: one that serves feeds, covers, redirects and slow or
// huge answers as a test tells it, and decoys on addresses the fetch must refuse, which count
// every request that reaches them (so "refused" means "never connected", not "failed").
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import sharp from 'sharp';
import { afterAll } from 'vitest';
import { parseFeed } from '../../../src/server/feeds/parse-feed.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function listen(server: Server, host: string) {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as { port: number };
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return port;
}

/** A 64 × 64 PNG: the cover every fixture points to. */
const cover = await sharp({
  create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 80, b: 40 } },
})
  .png()
  .toBuffer();

export async function startFeedServer() {
  const routes = new Map<string, Handler>();
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    const handler = routes.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (handler) return handler(req, res);
    res.statusCode = 404;
    res.end('nicht da');
  });
  const port = await listen(server, '127.0.0.1');
  const origin = `http://127.0.0.1:${port}`;

  /**
   * The feed with our origin for {{ORIGIN}}. Network rule: the import fetches the cover, so a
   * feed whose cover is not on loopback is never served.
   */
  const withOrigin = (xml: string) => {
    const text = xml.replaceAll('{{ORIGIN}}', origin);
    let image: string | null = null;
    try {
      image = parseFeed(text).imageUrl;
    } catch {
      // not a readable feed (the malformed cases): nothing gets fetched from it
    }
    if (image !== null && !/^http:\/\/(127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?\//.test(image)) {
      throw new Error(`feed-server: the cover ${image} is not on loopback; the test must not serve it`);
    }
    return text;
  };

  const api = {
    origin,
    url: (path: string) => `${origin}${path}`,
    get hits() {
      return hits;
    },
    route(path: string, handler: Handler) {
      routes.set(path, handler);
    },
    /**
     * Serves `xml`; a function is read at every request, so a test can let the feed grow. A
     * text is checked once, here: checking while the fetch waits would eat its time limit.
     */
    feed(path: string, xml: string | (() => string), contentType = 'application/rss+xml; charset=utf-8') {
      const fixed = typeof xml === 'string' ? withOrigin(xml) : undefined;
      api.route(path, (_req, res) => {
        res.setHeader('content-type', contentType);
        res.end(fixed ?? withOrigin((xml as () => string)()));
      });
    },
    fixture(path: string, name: string) {
      api.feed(path, readFileSync(new URL(`../../fixtures/feeds/${name}`, import.meta.url), 'utf8'));
    },
    redirect(path: string, location: string, status = 302) {
      api.route(path, (_req, res) => {
        res.writeHead(status, { location });
        res.end();
      });
    },
  };
  api.route('/cover.png', (_req, res) => {
    res.setHeader('content-type', 'image/png');
    res.end(cover);
  });
  return api;
}
export type FeedServer = Awaited<ReturnType<typeof startFeedServer>>;

/** A server on an address the fetch must refuse; `hits` counts whatever reached it. */
export async function startDecoy(host: '127.0.0.2' | '::1') {
  let hits = 0;
  const server = createServer((_req, res) => {
    hits++;
    res.setHeader('content-type', 'application/rss+xml');
    res.end('<rss version="2.0"><channel><title>Köder</title></channel></rss>');
  });
  const port = await listen(server, host);
  return {
    url: (path = '/feed.xml') => `http://${host.includes(':') ? `[${host}]` : host}:${port}${path}`,
    get hits() {
      return hits;
    },
  };
}
