/**
 * The visitor's IP address, for rate limits and Turnstile. It comes from the socket; a
 * reverse proxy's `X-Forwarded-For` is believed only when the socket peer is one of the
 * configured proxies (anyone else can write that header).
 */
import { BlockList, isIP } from 'node:net';

/** The client's address from the socket's and a trusted `X-Forwarded-For`. */
export type ClientIpResolver = (
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
) => string;

/**
 * @example
 * const resolve = createClientIpResolver(['10.0.0.0/8']);
 * resolve('10.0.0.5', '203.0.113.7, 10.0.0.9') // '203.0.113.7'
 * resolve('198.51.100.1', '203.0.113.7')       // '198.51.100.1' (not a trusted proxy)
 */
export function createClientIpResolver(trustedProxies: readonly string[]): ClientIpResolver {
  const isTrusted = trustCheck(trustedProxies);
  return (socketAddress, forwardedFor) => {
    const peer = unmapped(socketAddress ?? 'unknown');
    if (!forwardedFor || !isTrusted(peer)) return peer;
    // Walk from the nearest hop outwards; the first address not of our own proxies is the client.
    const hops = forwardedFor
      .split(',')
      .map((hop) => unmapped(withoutPort(hop.trim())))
      .filter(Boolean);
    for (let i = hops.length - 1; i >= 0; i -= 1) {
      const hop = hops[i] ?? '';
      if (isIP(hop) === 0) return peer;
      if (!isTrusted(hop)) return hop;
    }
    return hops[0] ?? peer;
  };
}

/** Checks addresses against `TRUSTED_PROXIES`, built once per list. */
const checks = new WeakMap<readonly string[], (address: string) => boolean>();

/** True when `address` is one of the configured reverse proxies. */
export function isTrustedProxy(trustedProxies: readonly string[], address: string): boolean {
  let check = checks.get(trustedProxies);
  if (!check) {
    check = trustCheck(trustedProxies);
    checks.set(trustedProxies, check);
  }
  return check(address);
}

function trustCheck(trustedProxies: readonly string[]): (address: string) => boolean {
  const trusted = new BlockList();
  for (const entry of trustedProxies) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (isIP(address) === 0)
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    if (prefix === undefined) trusted.addAddress(address, family);
    else trusted.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const plain = unmapped(address);
    const version = isIP(plain);
    return version !== 0 && trusted.check(plain, version === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * An `X-Forwarded-For` entry without the port some proxies add: `1.2.3.4:5678` and
 * `[2001:db8::1]:80` give their addresses; a bare IPv6 address keeps its colons.
 */
function withoutPort(hop: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(hop);
  if (bracketed) return bracketed[1] ?? '';
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(hop);
  return v4?.[1] ?? hop;
}

/** `::ffff:203.0.113.7` (IPv4 on a dual-stack socket) → `203.0.113.7`. */
const unmapped = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/**
 * The key a client is rate-limited by: its IPv4 address, or its IPv6 /64, since one subscriber
 * is usually given a whole /64 and could otherwise use a fresh address for every request.
 *
 * @example rateLimitKey('2001:db8:1:2:aaaa::1') // '2001:db8:1:2::/64'
 */
export function rateLimitKey(address: string): string {
  return isIP(address) === 6 ? `${ipv6Prefix(address, 4)}::/64` : address;
}

/**
 * The network a client's address is in, for limits a handful of neighbouring addresses share
 * (`intake/call-limits.ts`): its IPv4 /24, or its IPv6 /48 (a site's whole allocation, where a
 * subscriber given a /56 has 256 /64s to hop between).
 *
 * @example networkKey('198.51.100.7') // '198.51.100.0/24'
 * @example networkKey('2001:db8:1:2:aaaa::1') // '2001:db8:1::/48'
 */
export function networkKey(address: string): string {
  if (isIP(address) === 6) return `${ipv6Prefix(address, 3)}::/48`;
  if (isIP(address) === 4) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  return address;
}

/** Addresses no visitor on the internet has: this machine, private networks, link-local. */
const NOT_PUBLIC = (() => {
  const list = new BlockList();
  for (const [address, prefix] of [
    ['127.0.0.0', 8],
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['169.254.0.0', 16],
    ['100.64.0.0', 10],
  ] as const)
    list.addSubnet(address, prefix, 'ipv4');
  for (const [address, prefix] of [
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
  ] as const)
    list.addSubnet(address, prefix, 'ipv6');
  return list;
})();

/**
 * True when `address` is one a visitor on the internet can have: not this machine's, a private
 * network's (a reverse proxy not named in `TRUSTED_PROXIES`, whose every request comes from one
 * address), nor link-local; and an address at all.
 *
 * @example isPublicAddress('203.0.113.7') // true
 * @example isPublicAddress('10.0.0.5') // false
 */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  return version !== 0 && !NOT_PUBLIC.check(address, version === 6 ? 'ipv6' : 'ipv4');
}

/** The first `groups` groups of an IPv6 address, written out, in lower case, zeros trimmed. */
function ipv6Prefix(address: string, groups: number): string {
  const [left = '', right] = address.split('::');
  const head = left ? left.split(':') : [];
  const tail = right ? right.split(':') : [];
  const all =
    right === undefined
      ? head
      : [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail];
  return all
    .slice(0, groups)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':');
}
