/**
 * The visitor's IP address, for rate limits and Turnstile. It comes from the socket; a
 * reverse proxy's `X-Forwarded-For` is believed only when the socket peer is one of the
 * configured proxies (anyone else can write that header).
 */
import { BlockList, isIP } from 'node:net';

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
  const trusted = new BlockList();
  for (const entry of trustedProxies) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (isIP(address) === 0)
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    if (prefix === undefined) trusted.addAddress(address, family);
    else trusted.addSubnet(address, Number(prefix), family);
  }
  const isTrusted = (address: string) => {
    const plain = unmapped(address);
    const version = isIP(plain);
    return version !== 0 && trusted.check(plain, version === 6 ? 'ipv6' : 'ipv4');
  };

  return (socketAddress, forwardedFor) => {
    const peer = unmapped(socketAddress ?? 'unknown');
    if (!forwardedFor || !isTrusted(peer)) return peer;
    // Walk from the nearest hop outwards; the first address not of our own proxies is the client.
    const hops = forwardedFor
      .split(',')
      .map((hop) => unmapped(hop.trim()))
      .filter(Boolean);
    for (let i = hops.length - 1; i >= 0; i -= 1) {
      const hop = hops[i] ?? '';
      if (isIP(hop) === 0) return peer;
      if (!isTrusted(hop)) return hop;
    }
    return hops[0] ?? peer;
  };
}

/** `::ffff:203.0.113.7` (IPv4 on a dual-stack socket) → `203.0.113.7`. */
const unmapped = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
