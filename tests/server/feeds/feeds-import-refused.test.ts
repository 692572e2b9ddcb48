// POST /api/podcasts:import of what it refuses: addresses off the allow list, oversize, malformed, stalling and trickling feeds, entity bombs, Atom, unconfirmed users.
import { describe, expect, it } from 'vitest';
import { fetchMessages } from '../../../src/server/feeds/safe-fetch.ts';
import { feedMessages } from '../../../src/server/feeds/parse-feed.ts';
import { json } from '../helpers/agent.ts';
import { register, verifiedUser } from '../helpers/accounts.ts';
import { startDecoy } from './feed-server.ts';
import { feedsApp, MAX_BYTES, TIMEOUT_MS } from './feeds-app.ts';

const { server, t, decoy, importFeed, expectRefusedImport } = await feedsApp();

describe('POST /api/podcasts:import', () => {
  describe('refused addresses (no podcast, the decoy never reached)', () => {
    it('127.0.0.2 (loopback, not on the allow list)', async () => {
      await expectRefusedImport(decoy.url(), fetchMessages.refused);
    });

    it('[::1]', async () => {
      const decoy6 = await startDecoy('::1');
      await expectRefusedImport(decoy6.url(), fetchMessages.refused);
      expect(decoy6.hits).toBe(0);
    });

    it('a redirect from the allowed server to 127.0.0.2', async () => {
      server.redirect('/umzug.rss', decoy.url(), 301);
      await expectRefusedImport(server.url('/umzug.rss'), fetchMessages.refused);
    });

    it('file:// and ftp:// (the form asks for http(s), the fetch refuses them anyway)', async () => {
      const { agent } = await verifiedUser(t);
      for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/']) {
        const response = await importFeed(agent, url);
        expect(response.statusCode).toBe(422);
        expect(json(response).errors).toHaveProperty('rss_uri');
      }
      server.redirect('/zu-datei.rss', 'file:///etc/passwd');
      await expectRefusedImport(server.url('/zu-datei.rss'), fetchMessages.scheme);
    });
  });

  it('refuses a feed above the size limit, streamed without a length', async () => {
    server.route('/riesig.rss', (_req, res) => {
      res.setHeader('content-type', 'application/rss+xml');
      const item = Buffer.from(`<item><title>${'x'.repeat(1000)}</title></item>\n`);
      res.write('<rss version="2.0"><channel><title>Riesig</title>');
      let sent = 0;
      const pump = () => {
        while (sent < 2 * MAX_BYTES && res.write(item)) sent += item.length;
        if (sent < 2 * MAX_BYTES) res.once('drain', pump);
        else res.end('</channel></rss>');
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
    });
    await expectRefusedImport(server.url('/riesig.rss'), fetchMessages.tooLarge(MAX_BYTES));
  });

  it('refuses malformed XML', async () => {
    server.feed('/kaputt.rss', '<rss version="2.0"><channel><title>Kaputt</title><item></channel>');
    await expectRefusedImport(server.url('/kaputt.rss'), feedMessages.invalidXml);
  });

  it('refuses a server that sends headers and then stalls', async () => {
    server.route('/langsam.rss', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.write('<rss version="2.0"><channel>');
    });
    await expectRefusedImport(server.url('/langsam.rss'), fetchMessages.timeout(TIMEOUT_MS));
  });

  it(
    'refuses a complete feed that then trickles on with the time limit, and imports nothing',
    { timeout: 30_000 },
    async () => {
      server.route('/tropfend.rss', (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/rss+xml' });
        res.write('<rss version="2.0"><channel><title>Tropfen</title></channel></rss>');
        const timer = setInterval(() => res.write(' '), 50);
        res.on('close', () => clearInterval(timer));
      });
      await expectRefusedImport(server.url('/tropfend.rss'), fetchMessages.timeout(TIMEOUT_MS));
    },
  );

  it('refuses an entity bomb at once, without expanding it', async () => {
    const lol = (n: number) => `&lol${n};`.repeat(10);
    const entities = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${lol(i)}">`).join('');
    server.feed(
      '/bombe.rss',
      `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY lol0 "lol">${entities}]><rss version="2.0"><channel><title>&lol9;</title></channel></rss>`,
    );
    await expectRefusedImport(server.url('/bombe.rss'), feedMessages.entities);
  });

  it('refuses Atom with its own message, a 404 of an allowed loopback server as unreachable', async () => {
    server.feed('/atom.xml', '<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title></feed>');
    await expectRefusedImport(server.url('/atom.xml'), feedMessages.atom);
    // An address only the allow list opens tells no HTTP status (src/server/feeds/safe-fetch.ts).
    await expectRefusedImport(server.url('/gibt-es-nicht.rss'), fetchMessages.unreachable);
  });

  it('is refused to a user who has not confirmed the address, like every studio route', async () => {
    const { agent } = await register(t);
    const before = server.hits;
    server.fixture('/narro2.rss', 'narro.rss');
    const response = await importFeed(agent, '/narro2.rss');
    expect(response.statusCode).toBe(403);
    expect(server.hits).toBe(before);
  });

  it('the decoy on 127.0.0.2 was never reached', () => {
    expect(decoy.hits).toBe(0);
  });
});
