import { describe, expect, it } from 'vitest';
import type { UpstreamEnquiry } from '../client/schemas.ts';
import { newReceipt, normalizeCode } from './receipt-code.ts';

const upstream = {
  name: 'Ada',
  surname: 'Lovelace',
  email: 'ada@example.com',
  message: 'Hello',
} as unknown as UpstreamEnquiry;
const files = [{ name: 'a.pdf', sha256: 'ab'.repeat(32) }];

describe('receipt codes', () => {
  it('gives the code it has always given, so receipts handed out before still verify', () => {
    // Written by the code as it was before the codes were worked out without BigInt.
    const codes = [
      ['k'.repeat(43), 'EQ-7K3M-9QXD', 1_764_316_800_000, 'AA3A-Q6N2-Q4JV-JTE6'],
      ['another secret', 'EQ-0000-0000', 1, '78AX-P2GP-CDQN-NSEF'],
      ['s', 'EQ-ZZZZ-ZZZZ', 1_893_456_000_123, '3X71-EJ4S-8MV9-7FKQ'],
    ] as const;
    for (const [secret, reference, receivedAt, code] of codes)
      expect(newReceipt(secret, { reference, receivedAt, upstream, files }).code).toBe(code);
  });

  it('writes four groups of four of Crockford base32, as a person reads it back', () => {
    for (let i = 0; i < 200; i += 1) {
      const { code } = newReceipt(`secret ${String(i)}`, {
        reference: `EQ-${String(i)}`,
        receivedAt: i,
        upstream,
        files: [],
      });
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
      expect(normalizeCode(code.toLowerCase().replace(/-/g, ' '))).toBe(code);
    }
  });
});
