import { describe, expect, it } from 'vitest';
import {
  createClientIpResolver,
  isPublicAddress,
  isTrustedProxy,
  networkKey,
  rateLimitKey,
} from './client-ip.ts';

describe('createClientIpResolver', () => {
  const resolve = createClientIpResolver(['10.0.0.0/8', '192.0.2.10', '::1']);

  it('takes the socket address when no proxy is trusted', () => {
    expect(createClientIpResolver([])('198.51.100.1', '203.0.113.7')).toBe('198.51.100.1');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(resolve('198.51.100.1', '203.0.113.7')).toBe('198.51.100.1');
  });

  it('takes the nearest untrusted hop from a trusted proxy', () => {
    expect(resolve('10.0.0.5', '203.0.113.7')).toBe('203.0.113.7');
    expect(resolve('10.0.0.5', '6.6.6.6, 203.0.113.7, 10.1.2.3')).toBe('203.0.113.7');
    expect(resolve('::ffff:192.0.2.10', '2001:db8::1')).toBe('2001:db8::1');
    expect(resolve('::1', '::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('reads forwarded addresses that carry a port, in either family', () => {
    expect(resolve('10.0.0.5', '203.0.113.7:5678')).toBe('203.0.113.7');
    expect(resolve('10.0.0.5', '[2001:db8::1]:80, 10.1.2.3:443')).toBe('2001:db8::1');
    expect(resolve('10.0.0.5', '[::ffff:203.0.113.9]')).toBe('203.0.113.9');
    expect(resolve('10.0.0.5', '2001:db8::2')).toBe('2001:db8::2');
  });

  it('knows the trusted proxies by address or range, for the connection cap', () => {
    const list = ['10.0.0.0/8', '::1'];
    expect(isTrustedProxy(list, '10.9.8.7')).toBe(true);
    expect(isTrustedProxy(list, '::ffff:10.1.1.1')).toBe(true);
    expect(isTrustedProxy(list, '::1')).toBe(true);
    expect(isTrustedProxy(list, '203.0.113.7')).toBe(false);
  });

  it('falls back to the socket when the header is garbage', () => {
    expect(resolve('10.0.0.5', 'not-an-ip')).toBe('10.0.0.5');
  });

  it('refuses a trusted proxy entry that is not an address', () => {
    expect(() => createClientIpResolver(['proxy.internal'])).toThrow(
      /TRUSTED_PROXIES: "proxy.internal"/,
    );
  });
});

describe('rateLimitKey', () => {
  it('keys IPv4 by address and IPv6 by its /64', () => {
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('networkKey', () => {
  it('keys IPv4 by its /24 and IPv6 by its /48, however the address is written', () => {
    expect(networkKey('198.51.100.7')).toBe('198.51.100.0/24');
    expect(networkKey('198.51.100.250')).toBe('198.51.100.0/24');
    expect(networkKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1::/48');
    expect(networkKey('2001:DB8:0001:ff00::9')).toBe('2001:db8:1::/48');
    expect(networkKey('2001:db8::1')).toBe('2001:db8:0::/48');
  });
});

describe('isPublicAddress', () => {
  it('tells a visitor’s address from this machine’s, a private network’s and a link’s', () => {
    for (const address of ['203.0.113.7', '198.18.0.7', '2001:db8::1', '8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.10',
      '169.254.169.254',
      '100.100.0.1',
      '::1',
      'fd00::5',
      'fe80::1',
      'unknown',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });
});
