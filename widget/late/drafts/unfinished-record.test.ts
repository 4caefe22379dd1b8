import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRecord, recordKey } from '../unfinished/record.ts';
import { adoptRecord } from './unfinished-record.ts';

/** The tab's sessionStorage, as a Map (the tests run in Node). */
function tabStorage() {
  const items = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
    removeItem: (key: string) => items.delete(key),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a reminder’s link opened', () => {
  it('makes the record it carries the tab’s, where the unfinished enquiries’ chunk reads it', () => {
    tabStorage();
    adoptRecord('form-a', {
      v: 1,
      unfinished: { id: 'f'.repeat(32), secret: 's3cret', seq: 2 ** 40 },
    });
    expect(readRecord(recordKey('form-a'))).toEqual({
      id: 'f'.repeat(32),
      secret: 's3cret',
      seq: 2 ** 40,
    });
    expect(readRecord(recordKey('form-b'))).toBeUndefined();
  });

  it('adopts nothing from a saved enquiry that is not a reminder’s, or carries a broken record', () => {
    tabStorage();
    adoptRecord('form-a', { v: 1 });
    adoptRecord('form-a', { v: 1, unfinished: { id: 7, secret: 's', seq: 1 } });
    expect(readRecord(recordKey('form-a'))).toBeUndefined();
  });
});
