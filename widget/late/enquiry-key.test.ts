import { afterEach, describe, expect, it, vi } from 'vitest';
import { newUuid } from './enquiry-key.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newUuid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes a version 4 UUID with or without crypto.randomUUID', () => {
    expect(newUuid()).toMatch(UUID_V4);
    // A plain http page: no randomUUID, only getRandomValues.
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });
    expect('randomUUID' in crypto).toBe(false);
    const made = new Set(Array.from({ length: 50 }, newUuid));
    expect([...made].every((uuid) => UUID_V4.test(uuid))).toBe(true);
    expect(made.size).toBe(50);
  });
});
