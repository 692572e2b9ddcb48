// The guarded fetch on allowed hosts, against servers on loopback only: allow-list ports, redirects (at most five), gzip and its limit.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fetchMessages, safeFetch } from '../../../src/server/feeds/safe-fetch.ts';
import { freePort } from '../../support/loopback-server.ts';
import { startFeedServer } from './feed-server.ts';
import { fetchSetup } from './fetch-setup.ts';

const { server, decoy, options, failure } = await fetchSetup();

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
