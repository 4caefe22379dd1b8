import { describe, expect, it } from 'vitest';
import { clocksDiffer, daysOf } from './times.ts';

const at = (start: string) => ({ start, end: start.replace(/:00:00Z$/, ':30:00Z') });

describe('the free times on the visitor’s clock', () => {
  it('are put on the day they start on where the visitor is, in order', () => {
    const slots = [
      at('2026-12-02T09:00:00Z'),
      at('2026-12-01T23:00:00Z'),
      at('2026-12-01T09:00:00Z'),
    ];
    expect(daysOf(slots, 'Europe/London').map((day) => day.key)).toEqual([
      '2026-12-01',
      '2026-12-02',
    ]);
    // In Tokyo, 23:00 in London is 08:00 the next morning.
    expect(
      daysOf(slots, 'Asia/Tokyo').map((day) => [day.key, day.slots.map((slot) => slot.start)]),
    ).toEqual([
      ['2026-12-01', ['2026-12-01T09:00:00Z']],
      ['2026-12-02', ['2026-12-01T23:00:00Z', '2026-12-02T09:00:00Z']],
    ]);
  });

  it('say whether two clocks read differently at the times offered', () => {
    const march = ['2027-03-20T10:00:00Z', '2027-03-30T10:00:00Z'];
    expect(clocksDiffer('Europe/Dublin', 'Europe/London', march)).toBe(false);
    expect(clocksDiffer('America/New_York', 'Europe/London', march)).toBe(true);
    // Phoenix keeps no summer time: it reads as Denver in winter only.
    expect(clocksDiffer('America/Phoenix', 'America/Denver', ['2027-01-10T18:00:00Z'])).toBe(false);
    expect(clocksDiffer('America/Phoenix', 'America/Denver', ['2027-07-10T18:00:00Z'])).toBe(true);
  });
});
