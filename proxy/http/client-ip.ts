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
  if (isIP(address) !== 6) return address;
  const [left = '', right] = address.split('::');
  const head = left ? left.split(':') : [];
  const tail = right ? right.split(':') : [];
  const groups =
    right === undefined
      ? head
      : [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail];
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
