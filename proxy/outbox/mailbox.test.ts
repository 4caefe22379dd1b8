import { describe, expect, it } from 'vitest';
import { mailboxOf } from './mailbox.ts';

describe('the mailbox an address reaches', () => {
  it('is one for every plus tag and any case', () => {
    for (const address of ['victim@example.com', 'Victim+1@Example.COM', ' victim+a+b@example.com'])
      expect(mailboxOf(address)).toBe('victim@example.com');
  });

  it('ignores dots where Gmail does, and takes googlemail.com for gmail.com', () => {
    for (const address of [
      'v.i.c.t.i.m@gmail.com',
      'Vic.Tim+x@googlemail.com',
      'victim@gmail.com.',
    ])
      expect(mailboxOf(address)).toBe('victim@gmail.com');
  });

  it('keeps dots where the provider reads them, and an address that starts with a plus', () => {
    expect(mailboxOf('ada.lovelace@example.com')).toBe('ada.lovelace@example.com');
    expect(mailboxOf('ada.lovelace@example.com')).not.toBe(mailboxOf('adalovelace@example.com'));
    expect(mailboxOf('+ada@example.com')).toBe('+ada@example.com');
  });
});
