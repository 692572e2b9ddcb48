// FEED_ALLOWED_HOSTS and PUSH_ALLOWED_HOSTS: targets the server may reach although their address
// would be refused (a feed or push service in your own network, the tests' loopback servers).
// An entry is `host` or `host:port` (IPv6 in brackets: `[::1]:8080`; a bare IPv6 address without
// brackets names the host). `host:port` allows exactly that port (Entscheidung NET-2), and a bare
// host only its default ports, 80 and 443 (Entscheidung NET-3). A server on another port is
// listed with it.
import { canonicalAddress, hostOf } from './address-policy.ts';

export type AllowEntry = { host: string; port?: number };

const PORT = /^[1-9][0-9]{0,4}$/;

/** One entry as written in the variable; undefined when it is no host or host:port. */
export function parseAllowEntry(text: string): AllowEntry | undefined {
  const entry = text.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::([^:]*))?$/.exec(entry);
  const [host, port] = bracketed
    ? [bracketed[1]!, bracketed[2]]
    : entry.split(':').length === 2
      ? (entry.split(':') as [string, string])
      : [entry, undefined];
  if (!host || /[\s/@?#[\]]/.test(host)) return undefined;
  if (port !== undefined && (!PORT.test(port) || Number(port) > 65_535)) return undefined;
  return { host: canonicalAddress(host) ?? host.replace(/\.$/, ''), ...(port && { port: Number(port) }) };
}

/** The entries of a comma-separated variable; throws a German message for one it cannot read. */
export function parseAllowList(name: string, value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!parseAllowEntry(entry)) throw new Error(`${name}: „${entry}“ ist weder Host noch Host:Port.`);
  }
  return entries;
}

const defaultPort = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/** What a bare host allows. */
const BARE_HOST_PORTS = new Set([80, 443]);

/** Whether `url` is on the list: its host (or `address`, the one it resolved to) and its port. */
export function isAllowed(entries: readonly string[], url: URL, address?: string) {
  const host = address === undefined ? hostOf(url) : address;
  const wanted = canonicalAddress(host) ?? host;
  const port = defaultPort(url);
  return entries.some((text) => {
    const entry = parseAllowEntry(text);
    if (entry === undefined || entry.host !== wanted) return false;
    return entry.port === undefined ? BARE_HOST_PORTS.has(port) : entry.port === port;
  });
}
