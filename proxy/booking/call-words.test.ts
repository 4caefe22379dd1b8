import { describe, expect, it } from 'vitest';
import { visitorCallTime } from './call-words.ts';

/** Half an hour from `iso`. */
const call = (iso: string) => ({ start: Date.parse(iso), end: Date.parse(iso) + 1_800_000 });
const LONDON = 'Europe/London';

describe('a call written for its visitor', () => {
  it('is on the visitor’s clock with the firm’s beside it where they read differently', () => {
    const span = call('2026-12-01T10:00:00Z');
    expect(visitorCallTime(span, { timeZone: LONDON, visitorZone: 'America/New_York' }, 'en')).toBe(
      'Tuesday, 1 December 2026, 05:00–05:30 America/New_York (10:00–10:30 Europe/London)',
    );
    expect(visitorCallTime(span, { timeZone: LONDON, visitorZone: 'America/New_York' }, 'cy')).toBe(
      'Dydd Mawrth, 1 Rhagfyr 2026, 05:00–05:30 America/New_York (10:00–10:30 Europe/London)',
    );
  });

  it('names the firm’s day too where the visitor’s is another', () => {
    const span = call('2026-12-01T16:00:00Z');
    expect(visitorCallTime(span, { timeZone: LONDON, visitorZone: 'Asia/Tokyo' }, 'en')).toBe(
      'Wednesday, 2 December 2026, 01:00–01:30 Asia/Tokyo (Tuesday, 1 December 2026, 16:00–16:30 Europe/London)',
    );
  });

  it('is on one clock where the visitor’s reads as the firm’s, or was never said', () => {
    const span = call('2027-03-29T08:00:00Z');
    expect(visitorCallTime(span, { timeZone: LONDON, visitorZone: 'Europe/Dublin' }, 'en')).toBe(
      'Monday, 29 March 2027, 09:00–09:30 Europe/Dublin',
    );
    expect(visitorCallTime(span, { timeZone: LONDON, visitorZone: null }, 'en')).toBe(
      'Monday, 29 March 2027, 09:00–09:30 Europe/London',
    );
  });
});
