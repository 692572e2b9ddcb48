// A podcast feed served from loopback for the import journeys, on one of the ports the E2E server
// allows through FEED_ALLOWED_HOSTS (E2E_FEED_PORTS, reserved by global-setup.ts). `hold()` keeps the next answer back until `release()`, so a test
// can look at the import's progress state while it is certainly still running.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listenOnOneOf, portsFrom } from '../../support/loopback-server.ts';

export function podcastFeed(title: string, episodes: number) {
  const items = Array.from({ length: episodes }, (_, i) => {
    const n = episodes - i;
    const date = new Date(Date.UTC(2025, 0, 1 + n * 7)).toUTCString();
    return `<item><guid>folge-${n}</guid><title>Folge ${n}</title><link>https://podcast.example.org/folge-${n}</link><pubDate>${date}</pubDate></item>`;
  }).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
  <channel>
    <title>${title}</title>
    <link>https://podcast.example.org</link>
    <itunes:author>Erika Beispiel</itunes:author>
    <itunes:category text="Society &amp; Culture" />
    ${items}
  </channel>
</rss>`;
}

/** A feed's XML, or any other file (a cover) with its content type. */
export type Served = string | { type: string; body: Buffer };

/** `feeds` is read at every request: a test may replace a feed (the fixed version) in place. */
export async function startFeedServer(feeds: Record<string, Served>) {
  let held: (() => void)[] | null = null;
  const send = (res: ServerResponse, path: string) => {
    const body = feeds[path];
    if (body === undefined) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    if (typeof body !== 'string') {
      res.writeHead(200, { 'Content-Type': body.type }).end(body.body);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/rss+xml; charset=utf-8' }).end(body);
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (held) held.push(() => send(res, path));
    else send(res, path);
  });
  await listenOnOneOf(server, portsFrom('E2E_FEED_PORTS'));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    hold: () => void (held = []),
    release: () => {
      const waiting = held ?? [];
      held = null;
      waiting.forEach((answer) => answer());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
