// FEED_ALLOWED_HOSTS / PUSH_ALLOWED_HOSTS entries: `host` or `host:port`, classified without a
// network (the fetch itself is tested end to end on loopback in safe-fetch.test.ts).
import { describe, expect, it } from 'vitest';
import { isAllowed, parseAllowEntry } from '../../../src/server/net/allow-list.ts';
import { loadConfig } from '../../../src/server/config.ts';

describe('allow-list entries', () => {
  it('reads host, host:port and bracketed IPv6', () => {
    expect(parseAllowEntry('127.0.0.1')).toEqual({ host: '127.0.0.1' });
    expect(parseAllowEntry(' 127.0.0.1:8080 ')).toEqual({ host: '127.0.0.1', port: 8080 });
    expect(parseAllowEntry('[::1]:8080')).toEqual({ host: '0:0:0:0:0:0:0:1', port: 8080 });
    expect(parseAllowEntry('::1')).toEqual({ host: '0:0:0:0:0:0:0:1' });
    expect(parseAllowEntry('Feeds.Intern.example:443')).toEqual({ host: 'feeds.intern.example', port: 443 });
    for (const bad of [
      '127.0.0.1:',
      '127.0.0.1:0',
      '127.0.0.1:65536',
      'host:80x',
      'http://a',
      '[::1]:x',
      'a b',
    ]) {
      expect(parseAllowEntry(bad), bad).toBeUndefined();
    }
  });

  it('allows a listed port only; a bare host its default ports 80 and 443', () => {
    const list = ['127.0.0.1:8080', 'feeds.intern.example', '[::1]:9000'];
    const allowed = (url: string, address?: string) => isAllowed(list, new URL(url), address);
    expect(allowed('http://127.0.0.1:8080/feed')).toBe(true);
    expect(allowed('http://127.0.0.1:5432/')).toBe(false);
    expect(allowed('http://127.0.0.1/')).toBe(false);
    expect(allowed('http://2130706433:8080/')).toBe(true);
    expect(allowed('http://[::1]:9000/')).toBe(true);
    expect(allowed('http://[::1]:9001/')).toBe(false);
    expect(allowed('https://feeds.intern.example/x')).toBe(true);
    expect(allowed('http://feeds.intern.example/x')).toBe(true);
    expect(allowed('http://feeds.intern.example:443/x')).toBe(true);
    expect(allowed('https://feeds.intern.example:8443/x')).toBe(false);
    expect(allowed('http://feeds.intern.example:5432/')).toBe(false);
    // A bare address, as the variable used to be written for a local feed server.
    expect(isAllowed(['127.0.0.1'], new URL('http://127.0.0.1:40123/feed.xml'))).toBe(false);
    expect(isAllowed(['127.0.0.1'], new URL('http://127.0.0.1/feed.xml'))).toBe(true);
    // A name that resolved to a listed address counts with the URL's port.
    expect(allowed('http://irgendwas.example:8080/', '127.0.0.1')).toBe(true);
    expect(allowed('http://irgendwas.example:8081/', '127.0.0.1')).toBe(false);
    expect(isAllowed(['127.0.0.1:443'], new URL('https://127.0.0.1/'))).toBe(true);
  });

  it('refuses to start with an entry it cannot read', () => {
    expect(loadConfig({ FEED_ALLOWED_HOSTS: '127.0.0.1:8080, [::1]:81' }).feeds.allowedHosts).toEqual([
      '127.0.0.1:8080',
      '[::1]:81',
    ]);
    expect(() => loadConfig({ FEED_ALLOWED_HOSTS: '127.0.0.1:99999' })).toThrow(
      'FEED_ALLOWED_HOSTS: „127.0.0.1:99999“ ist weder Host noch Host:Port.',
    );
  });
});
