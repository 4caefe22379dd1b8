import { describe, expect, it } from 'vitest';
import {
  lawFirmBooking,
  lawFirmBookingRouted,
  withBooking,
} from '../test/fixtures/booking-config.ts';
import { bookingHosts, type BookingRules } from './booking-hosts.ts';
import { bookableDates, daySlots, slotAt } from './slot-grid.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const facts = {
  caseType: 'conveyancing',
  campaign: '',
  language: '',
  answers: {},
  numbers: new Set<string>(),
};
const rulesOf = (config = lawFirmBooking): BookingRules => {
  const hosts = bookingHosts(config, facts);
  if (!hosts) throw new Error('the form books no calls');
  return hosts.rules;
};

describe('the slots a day offers', () => {
  it('starts at the opening hour in London on both sides of the change to summer time', () => {
    const rules = rulesOf();
    // Friday 26 March 2027 is GMT; Monday 29 March, after the last Sunday of March, is BST.
    expect(iso(daySlots(rules, '2027-03-26')[0]?.start ?? 0)).toBe('2027-03-26T09:00:00.000Z');
    expect(iso(daySlots(rules, '2027-03-29')[0]?.start ?? 0)).toBe('2027-03-29T08:00:00.000Z');
    expect(iso(daySlots(rules, '2027-03-29').at(-1)?.end ?? 0)).toBe('2027-03-29T16:00:00.000Z');
    expect(daySlots(rules, '2027-03-29')).toHaveLength(16);
  });

  it('starts at the opening hour in London on both sides of the change back', () => {
    const rules = rulesOf();
    // Friday 29 October 2027 is BST; Monday 1 November, after the last Sunday of October, is GMT.
    expect(iso(daySlots(rules, '2027-10-29')[0]?.start ?? 0)).toBe('2027-10-29T08:00:00.000Z');
    expect(iso(daySlots(rules, '2027-11-01')[0]?.start ?? 0)).toBe('2027-11-01T09:00:00.000Z');
  });

  it('offers the night of the change as the wall clock reads it: the hour skipped has no slot', () => {
    const rules = rulesOf(withBooking({ hours: { sun: '00:00-04:00' }, minutes: 30 }));
    const spring = daySlots(rules, '2027-03-28').map((slot) => iso(slot.start));
    // 01:00 and 01:30 do not exist that night in London; 02:00 BST is 01:00 UTC.
    expect(spring).toEqual([
      '2027-03-28T00:00:00.000Z',
      '2027-03-28T00:30:00.000Z',
      '2027-03-28T01:00:00.000Z',
      '2027-03-28T01:30:00.000Z',
      '2027-03-28T02:00:00.000Z',
      '2027-03-28T02:30:00.000Z',
    ]);
    const autumn = daySlots(rules, '2027-10-31').map((slot) => iso(slot.start));
    // 01:00 and 01:30 happen twice: offered once, the first time.
    expect(autumn).toEqual([
      '2027-10-30T23:00:00.000Z',
      '2027-10-30T23:30:00.000Z',
      '2027-10-31T00:00:00.000Z',
      '2027-10-31T00:30:00.000Z',
      '2027-10-31T02:00:00.000Z',
      '2027-10-31T02:30:00.000Z',
      '2027-10-31T03:00:00.000Z',
      '2027-10-31T03:30:00.000Z',
    ]);
  });

  it('follows each call with its buffer, fits calls in each range, and closes the days closed', () => {
    const rules = rulesOf(
      withBooking({
        minutes: 45,
        bufferMinutes: 15,
        hours: { mon: ['09:00-11:00', '14:00-14:40'] },
        closed: ['2027-04-05'],
      }),
    );
    expect(daySlots(rules, '2027-03-29').map((slot) => iso(slot.start))).toEqual([
      '2027-03-29T08:00:00.000Z',
      '2027-03-29T09:00:00.000Z',
    ]);
    expect(daySlots(rules, '2027-04-05')).toEqual([]);
    expect(daySlots(rules, '2027-03-30')).toEqual([]);
  });

  it('reads a team’s own hours and slot length over the form’s, and its people as hosts', () => {
    const highValue = bookingHosts(lawFirmBookingRouted, {
      ...facts,
      answers: { property_value: 'Over £1 million' },
    });
    expect(highValue?.team).toBe('high-value');
    expect(highValue?.people).toEqual(['hal@lovelace-law.example']);
    expect(
      daySlots(highValue?.rules ?? rulesOf(), '2027-03-29').map((slot) => iso(slot.start)),
    ).toEqual(['2027-03-29T09:00:00.000Z', '2027-03-29T10:00:00.000Z']);
    const property = bookingHosts(lawFirmBookingRouted, facts);
    expect(property).toMatchObject({ team: 'property', roundRobin: true });
    expect(property?.rules.minutes).toBe(30);
  });
});

describe('whether an answer is a slot', () => {
  const rules = rulesOf();
  const now = at('2027-03-29T07:00:00Z'); // 08:00 in London, Monday

  it('takes a start on the grid, within the hours, the notice and the horizon', () => {
    expect(slotAt(rules, at('2027-03-29T09:00:00Z'), now)).toEqual({
      start: at('2027-03-29T09:00:00Z'),
      end: at('2027-03-29T09:30:00Z'),
    });
    expect(slotAt(rules, at('2027-04-09T15:30:00Z'), now)).toBeDefined();
  });

  it('refuses one within the notice, off the grid, outside the hours, past the horizon or closed', () => {
    expect(slotAt(rules, at('2027-03-29T08:30:00Z'), now)).toBeUndefined();
    expect(slotAt(rules, at('2027-03-29T10:10:00Z'), now)).toBeUndefined();
    expect(slotAt(rules, at('2027-03-29T16:00:00Z'), now)).toBeUndefined();
    expect(slotAt(rules, at('2027-04-12T09:00:00Z'), now)).toBeUndefined();
    expect(slotAt(rules, at('2027-04-03T09:00:00Z'), now)).toBeUndefined();
  });

  it('counts the horizon in days of the firm’s zone, today the first', () => {
    expect(bookableDates(rules, at('2027-03-28T23:30:00Z'))[0]).toBe('2027-03-29');
    expect(bookableDates(rules, now)).toHaveLength(14);
  });
});
