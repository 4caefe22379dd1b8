import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after.ts';

describe('retryAfterMs', () => {
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('Wed, 21 Oct 2026 07:27:00 GMT');
    expect(retryAfterMs('7')).toBe(7000);
    expect(retryAfterMs(' 0 ')).toBe(0);
    expect(retryAfterMs('Wed, 21 Oct 2026 07:28:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('Wed, 21 Oct 2026 07:26:00 GMT', now)).toBe(0);
    for (const nonsense of [null, undefined, '', 'soon', '-5', '1e3', '99999999999']) {
      expect(retryAfterMs(nonsense)).toBeUndefined();
    }
  });
});
