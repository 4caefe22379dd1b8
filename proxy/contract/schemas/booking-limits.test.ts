import { describe, expect, it } from 'vitest';
import {
  lawFirmBookingFile,
  lawFirmBookingRoutedFile,
} from '../../test/fixtures/booking-config.ts';
import { BOOKING_LIMIT_DEFAULTS, callsAllowed } from './booking-limits.ts';
import { FormConfigError, parseFormConfigs } from './form-config.ts';

/** The limits a booking block with `limits` parses to, or every problem the parser names. */
function limitsOf(limits: unknown) {
  try {
    const file = { ...lawFirmBookingFile, booking: { ...lawFirmBookingFile.booking, limits } };
    return parseFormConfigs(file).first.booking?.limits;
  } catch (error) {
    if (error instanceof FormConfigError) return error.problems;
    throw error;
  }
}

const ALLOWANCE =
  'must be a number of calls, like 2, or a share of the hosts’ calls over the horizon, like "10%"';

describe('booking.limits', () => {
  it('fills in each allowance left out, and takes numbers of calls and shares of the hosts’ calls', () => {
    expect(limitsOf({})).toEqual(BOOKING_LIMIT_DEFAULTS);
    expect(
      limitsOf({ perClientPerDay: 1, perHour: '2.5%', freeMailDomains: [' Example.CO.UK '] }),
    ).toEqual({
      ...BOOKING_LIMIT_DEFAULTS,
      perClientPerDay: 1,
      perHour: '2.5%',
      freeMailDomains: ['example.co.uk'],
    });
  });

  it('names each allowance it cannot read at its JSON path, in words', () => {
    expect(
      limitsOf({
        perClientPerDay: -1,
        perNetworkPerDay: 'four',
        perHour: '110%',
        perDomain: 3,
        freeMailDomains: ['not a domain'],
      }),
    ).toEqual([
      `booking.limits.perClientPerDay: ${ALLOWANCE}`,
      `booking.limits.perNetworkPerDay: ${ALLOWANCE}`,
      `booking.limits.perHour: ${ALLOWANCE}`,
      'booking.limits.freeMailDomains[0]: must be a mail domain, like "example.co.uk"',
      'booking.limits: Unrecognized key: "perDomain"',
    ]);
  });

  it('is the form’s alone: a team’s booking cannot have limits of its own', () => {
    const routed = structuredClone(lawFirmBookingRoutedFile) as unknown as {
      routing: { teams: Record<string, { booking?: object }> };
    };
    const team = Object.keys(routed.routing.teams)[0] ?? '';
    routed.routing.teams[team] = { ...routed.routing.teams[team], booking: { limits: {} } };
    expect(() => parseFormConfigs(routed)).toThrow(/booking: .*"limits"/);
  });

  it('works a share out of the hosts’ calls, rounded, and at least one while above nothing', () => {
    expect(callsAllowed('10%', 320)).toBe(32);
    expect(callsAllowed('25%', 320)).toBe(80);
    expect(callsAllowed('2.5%', 20)).toBe(1);
    expect(callsAllowed('0%', 320)).toBe(0);
    expect(callsAllowed(2, 320)).toBe(2);
  });
});
