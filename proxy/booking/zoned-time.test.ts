import { describe, expect, it } from 'vitest';
import { datesFrom, instantOf, wallClock, weekdayOf } from './zoned-time.ts';

const LONDON = 'Europe/London';
const at = (iso: string) => Date.parse(iso);

describe('wall-clock times in a time zone', () => {
  it('names 09:00 in London as 09:00 UTC in winter and 08:00 UTC in summer', () => {
    expect(instantOf('2027-03-26', 540, LONDON)).toBe(at('2027-03-26T09:00:00Z'));
    expect(instantOf('2027-03-29', 540, LONDON)).toBe(at('2027-03-29T08:00:00Z'));
    expect(instantOf('2027-10-29', 540, LONDON)).toBe(at('2027-10-29T08:00:00Z'));
    expect(instantOf('2027-11-01', 540, LONDON)).toBe(at('2027-11-01T09:00:00Z'));
  });

  it('knows the hour skipped as summer time starts never happens', () => {
    // 28 March 2027, the last Sunday of March: 01:00 GMT becomes 02:00 BST.
    expect(instantOf('2027-03-28', 60, LONDON)).toBeUndefined();
    expect(instantOf('2027-03-28', 90, LONDON)).toBeUndefined();
    expect(instantOf('2027-03-28', 120, LONDON)).toBe(at('2027-03-28T01:00:00Z'));
    expect(instantOf('2027-03-28', 59, LONDON)).toBe(at('2027-03-28T00:59:00Z'));
  });

  it('takes the first of the hour that happens twice as summer time ends', () => {
    // 31 October 2027, the last Sunday of October: 02:00 BST becomes 01:00 GMT.
    expect(instantOf('2027-10-31', 90, LONDON)).toBe(at('2027-10-31T00:30:00Z'));
    expect(wallClock(at('2027-10-31T01:30:00Z'), LONDON)).toEqual({
      date: '2027-10-31',
      minutes: 90,
    });
    expect(instantOf('2027-10-31', 120, LONDON)).toBe(at('2027-10-31T02:00:00Z'));
  });

  it('reads zones east of UTC, half-hour zones and the southern hemisphere', () => {
    expect(instantOf('2027-01-15', 0, 'Asia/Kolkata')).toBe(at('2027-01-14T18:30:00Z'));
    expect(wallClock(at('2027-01-14T18:30:00Z'), 'Asia/Kolkata')).toEqual({
      date: '2027-01-15',
      minutes: 0,
    });
    // Sydney's summer is January: UTC+11.
    expect(instantOf('2027-01-15', 540, 'Australia/Sydney')).toBe(at('2027-01-14T22:00:00Z'));
    expect(instantOf('2027-07-15', 540, 'Australia/Sydney')).toBe(at('2027-07-14T23:00:00Z'));
    expect(instantOf('2027-07-15', 540, 'UTC')).toBe(at('2027-07-15T09:00:00Z'));
  });

  it('counts dates across a month’s end and tells their weekday, Monday first', () => {
    expect(datesFrom('2027-02-27', 3)).toEqual(['2027-02-27', '2027-02-28', '2027-03-01']);
    expect(weekdayOf('2027-03-29')).toBe(0);
    expect(weekdayOf('2027-03-28')).toBe(6);
  });
});
