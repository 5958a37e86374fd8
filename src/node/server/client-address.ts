import { isIPv4, isIPv6 } from 'node:net';

/**
 * The caller an IP address stands for: IPv4 as is, IPv4-mapped IPv6 (`::ffff:192.0.2.1`) as IPv4, other IPv6 grouped by
 * its /56 prefix (`2001:db8:ab:cd00::/56`), because one subscriber usually holds a whole /56 and can rotate through it.
 * `undefined` for anything that is not an IP address.
 */
function callerOfAddress(address: string | undefined): string | undefined {
  if (address === undefined) return undefined;
  const bare = stripPortAndZone(address.trim());
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return undefined;
  const groups = expandIPv6(bare);
  if (groups === undefined) return undefined;
  // ::ffff:a.b.c.d is an IPv4 client on a dual-stack socket.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const high = groups[6] ?? 0;
    const low = groups[7] ?? 0;
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  const prefix = [groups[0] ?? 0, groups[1] ?? 0, groups[2] ?? 0, (groups[3] ?? 0) & 0xff00];
  // The URL parser prints an IPv6 host in its canonical compressed form (RFC 5952).
  const canonical = new URL(`http://[${[...prefix, 0, 0, 0, 0].map((g) => g.toString(16)).join(':')}]`).hostname.slice(1, -1);
  return `${canonical}/56`;
}

/**
 * Who a request counts against, from its connection's address as seen through `trustProxy` proxies: 0 ignores
 * `X-Forwarded-For` (anyone can send it); N reads the Nth entry from the right, the one the outermost trusted proxy
 * appended. When the header holds fewer entries, the leftmost is used; when the chosen entry is not an IP address, the
 * socket address is; `unknown` when that is none either. Addresses are grouped as the quota counts them: IPv4-mapped
 * IPv6 as IPv4, other IPv6 by its /56.
 * @example callerOf('::ffff:203.0.113.9') // '203.0.113.9'
 */
export function callerOf(socketAddress: string | undefined, forwardedFor?: string | string[], trustProxy = 0): string {
  const fallback = callerOfAddress(socketAddress) ?? 'unknown';
  if (trustProxy <= 0 || forwardedFor === undefined) return fallback;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '');
  if (hops.length === 0) return fallback;
  const hop = hops[Math.max(0, hops.length - trustProxy)];
  return callerOfAddress(hop) ?? fallback;
}

// Accepts `[v6]:port`, `v6%zone`, and `v4:port` (some proxies append the port).
function stripPortAndZone(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  let bare = bracketed?.[1] ?? address;
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(bare);
  if (v4WithPort?.[1] !== undefined) bare = v4WithPort[1];
  const zone = bare.indexOf('%');
  return zone === -1 ? bare : bare.slice(0, zone);
}

// Eight 16-bit groups of a valid IPv6 address (already checked by isIPv6), with a dotted IPv4 tail folded in.
function expandIPv6(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string): number[] => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
  return [...left, ...new Array<number>(missing).fill(0), ...right];
}
