// Which network addresses the feed fetch may connect to: a pure function over strings, so it can
// be tested without sending a packet. Everything that is not plainly a public unicast address is
// refused: loopback, private, link-local, CGNAT, multicast, unspecified, documentation, reserved
// and the IPv6 forms that carry an IPv4 address inside (mapped, NAT64, 6to4), judged by that
// IPv4 address.

export type Verdict = { allowed: true } | { allowed: false; reason: string };

/** An IPv4 range: network as four bytes and the prefix length. */
type Range4 = [string, number];

const REFUSED_V4: Range4[] = [
  ['0.0.0.0', 8], // "this network", includes the unspecified 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, includes the broadcast 255.255.255.255
];

/** Four bytes of a dotted-quad IPv4 address in its canonical form (as URL parsing leaves it). */
export function parseIPv4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes = parts.map((p) => (/^(0|[1-9][0-9]{0,2})$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : undefined;
}

const v4Number = (bytes: number[]) =>
  ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;

function inRange4(address: number, [network, prefix]: Range4) {
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return (address & mask) >>> 0 === (v4Number(parseIPv4(network)!) & mask) >>> 0;
}

function classifyV4(bytes: number[]): Verdict {
  const n = v4Number(bytes);
  const hit = REFUSED_V4.find((range) => inRange4(n, range));
  return hit ? { allowed: false, reason: `${hit[0]}/${hit[1]}` } : { allowed: true };
}

/** Eight 16-bit groups of an IPv6 address (zone id dropped), or undefined when it is none. */
export function parseIPv6(text: string): number[] | undefined {
  let rest = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  // A trailing dotted quad (::ffff:127.0.0.1) is two groups written differently.
  const quad = /(?<=:)(\d+\.\d+\.\d+\.\d+)$/.exec(rest);
  if (quad) {
    const b = parseIPv4(quad[1]!);
    if (!b) return undefined;
    rest = `${rest.slice(0, quad.index)}${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const halves = rest.split('::');
  if (halves.length > 2) return undefined;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(halves[0]!);
  const right = halves.length === 2 ? groups(halves[1]!) : [];
  if ([...left, ...right].some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  const known = left.length + right.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return undefined;
  return [...left, ...new Array<string>(8 - known).fill('0'), ...right].map((g) => parseInt(g, 16));
}

const embeddedV4 = (g: number[], at: number) => [
  g[at]! >> 8,
  g[at]! & 255,
  g[at + 1]! >> 8,
  g[at + 1]! & 255,
];

function classifyV6(g: number[]): Verdict {
  const refuse = (reason: string): Verdict => ({ allowed: false, reason });
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(8)) return refuse('::/128');
  if (zeroUpTo(7) && g[7] === 1) return refuse('::1/128');
  // IPv4-mapped (::ffff:a.b.c.d): the IPv4 address decides.
  if (zeroUpTo(5) && g[5] === 0xffff) return classifyV4(embeddedV4(g, 6));
  // NAT64, well-known prefix 64:ff9b::/96: the IPv4 address decides; the local-use prefix never.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) {
    return classifyV4(embeddedV4(g, 6));
  }
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return refuse('64:ff9b:1::/48');
  // IPv4-compatible (::a.b.c.d, deprecated) and anything else in ::/8.
  if (g[0]! >> 8 === 0) return refuse('::/8');
  // 6to4 (2002::/16) carries an IPv4 address in its second and third group.
  if (g[0] === 0x2002) return classifyV4(embeddedV4(g, 1));
  // Only global unicast (2000::/3) may be public at all.
  if (g[0]! >> 13 !== 0b001) {
    if (g[0]! >> 9 === 0x7e) return refuse('fc00::/7');
    if (g[0]! >> 6 === 0x3fa) return refuse('fe80::/10');
    if (g[0]! >> 8 === 0xff) return refuse('ff00::/8');
    return refuse('außerhalb 2000::/3');
  }
  // Inside 2000::/3: IETF protocol assignments (Teredo, benchmarking, ORCHID) and documentation.
  if (g[0] === 0x2001 && g[1]! < 0x200) return refuse('2001::/23');
  if (g[0] === 0x2001 && g[1] === 0xdb8) return refuse('2001:db8::/32');
  if (g[0]! >> 4 === 0x3ff && g[1]! >> 12 === 0) return refuse('3fff::/20');
  return { allowed: true };
}

/** The address in a canonical text form (IPv6 groups without leading zeros, not shortened). */
export function canonicalAddress(text: string): string | undefined {
  const v4 = parseIPv4(text);
  if (v4) return v4.join('.');
  const v6 = parseIPv6(text);
  return v6?.map((g) => g.toString(16)).join(':');
}

export const isIpAddress = (text: string) => canonicalAddress(text) !== undefined;

/** Whether the fetch may connect to `address` (an IP address as text, IPv4 or IPv6). */
export function classifyAddress(address: string): Verdict {
  const v4 = parseIPv4(address);
  if (v4) return classifyV4(v4);
  const v6 = parseIPv6(address);
  if (v6) return classifyV6(v6);
  return { allowed: false, reason: 'keine IP-Adresse' };
}

/**
 * The host of a URL as the fetch will see it: WHATWG URL parsing has already turned the decimal,
 * hex and octal IPv4 spellings (`2130706433`, `0x7f.1`, `0177.0.0.1`) into dotted quads; this
 * drops the brackets of IPv6 literals, a trailing dot and case.
 */
export function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}
