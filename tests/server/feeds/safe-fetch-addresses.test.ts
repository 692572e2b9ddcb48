// The guarded fetch refuses addresses before connecting (loopback off the list, [::1], spellings, schemes, redirects) and connects to the checked address.
import { describe, expect, it } from 'vitest';
import { fetchMessages, pinnedRequest, safeFetch } from '../../../src/server/feeds/safe-fetch.ts';
import { startDecoy } from './feed-server.ts';
import { fetchSetup } from './fetch-setup.ts';

const { server, decoy, decoy6, options, failure } = await fetchSetup();

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
