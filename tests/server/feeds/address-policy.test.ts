// The address classification of the feed fetch, as a pure function over strings: this suite
// connects nowhere (the public addresses below are only classified, never contacted).
import { describe, expect, it } from 'vitest';
import {
  canonicalAddress,
  classifyAddress,
  hostOf,
  parseIPv6,
} from '../../../src/server/net/address-policy.ts';

const allowed = (address: string) => classifyAddress(address).allowed;

describe('address classification', () => {
  it.each([
    ['10.0.0.1', 'private 10/8'],
    ['10.255.255.255', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.254', 'private 172.16/12'],
    ['192.168.1.1', 'private 192.168/16'],
    ['127.0.0.1', 'loopback'],
    ['127.0.0.2', 'loopback'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'CGNAT 100.64/10'],
    ['100.127.255.255', 'CGNAT 100.64/10'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', '0/8'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['192.0.0.8', 'IETF protocol assignments'],
  ])('refuses IPv4 %s (%s)', (address) => {
    expect(allowed(address)).toBe(false);
  });

  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback, written out'],
    ['fc00::1', 'unique local fc00::/7'],
    ['fd12:3456:789a::1', 'unique local fc00::/7'],
    ['fe80::1', 'link-local fe80::/10'],
    ['fe80::1%eth0', 'link-local with zone'],
    ['febf::1', 'link-local fe80::/10 (upper end)'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback in hex'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
    ['::ffff:0.0.0.0', 'IPv4-mapped unspecified'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b::10.0.0.1', 'NAT64 of a private address'],
    ['64:ff9b:1::1', 'NAT64 local-use prefix'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
    ['2001::1', 'Teredo'],
    ['2001:db8::1', 'documentation'],
    ['100::1', 'discard'],
    ['fec0::1', 'site-local (deprecated)'],
  ])('refuses IPv6 %s (%s)', (address) => {
    expect(allowed(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '192.169.0.1', '11.0.0.1'])(
    'allows the public IPv4 address %s',
    (address) => {
      expect(allowed(address)).toBe(true);
    },
  );

  it.each(['2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    'allows the public IPv6 address %s',
    (address) => {
      expect(allowed(address)).toBe(true);
    },
  );

  it('refuses what is no IP address at all', () => {
    for (const text of ['localhost', '', '1.2.3', '1.2.3.4.5', '256.1.1.1', '01.2.3.4', '::1::2', 'g::1']) {
      expect(allowed(text), text).toBe(false);
    }
  });
});

describe('hosts of URLs (classified after WHATWG normalization)', () => {
  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://017700000001/', '127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://3232235777/', '192.168.1.1'],
    ['http://0xa9.0xfe.0xa9.0xfe/', '169.254.169.254'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['http://[0:0:0:0:0:0:0:1]:8080/', '::1'],
    ['http://LOCALHOST./', 'localhost'],
  ])('%s is host %s and refused', (url, host) => {
    expect(hostOf(new URL(url))).toBe(host);
    if (host !== 'localhost') expect(allowed(hostOf(new URL(url)))).toBe(false);
  });
});

describe('IPv6 parsing', () => {
  it('reads the usual forms into eight groups', () => {
    expect(parseIPv6('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIPv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6('[fe80::1]')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIPv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(parseIPv6('1:2:3:4:5:6:7:8:9')).toBeUndefined();
    expect(parseIPv6('1::2::3')).toBeUndefined();
    expect(parseIPv6('12345::')).toBeUndefined();
  });

  it('gives one canonical form per address (allow-list entries match however written)', () => {
    expect(canonicalAddress('0:0:0:0:0:0:0:1')).toBe(canonicalAddress('::1'));
    expect(canonicalAddress('[::1]')).toBe(canonicalAddress('::1'));
    expect(canonicalAddress('127.0.0.1')).toBe('127.0.0.1');
    expect(canonicalAddress('feeds.example.org')).toBeUndefined();
  });
});
