/**
 * `"booking": {"limits": …}` in the form configuration (`docs/booking.md`, "Limits"): how many
 * calls the form holds for one client address, one network, one mailbox domain a day, and for
 * everybody together an hour, so that a handful of addresses cannot empty the hosts' diaries.
 * Past a limit the enquiry is still taken and delivered; its call is not held. Each allowance
 * is a number of calls, or a share of the hosts' calls over the horizon (`"10%"`), which grows
 * and shrinks with the hosts, their hours and the horizon. Proxy only (zod).
 */
import { z } from 'zod';

/** A share of the hosts' calls over the horizon, as written: `"10%"`, `"2.5%"`. */
export type CallShare = `${number}%`;

/** An allowance as written: a number of calls, or a share of the hosts' calls. */
export type CallAllowance = number | CallShare;

const SHARE = /^(\d{1,3}(?:\.\d{1,2})?)%$/;

/** A whole number of calls from 0 (none held that way), or a share up to 100 % as written. */
const isAllowance = (value: unknown): value is CallAllowance =>
  typeof value === 'number'
    ? Number.isInteger(value) && value >= 0 && value <= 100_000
    : typeof value === 'string' && SHARE.test(value) && Number(SHARE.exec(value)?.[1]) <= 100;

/** An allowance, `fallback` when left out. */
const allowance = (fallback: CallAllowance) =>
  z
    .custom<CallAllowance>(
      isAllowance,
      'must be a number of calls, like 2, or a share of the hosts’ calls over the horizon, like "10%"',
    )
    .default(fallback);

/** What the form holds when the configuration says nothing (`docs/booking.md`, "Limits"). */
export const BOOKING_LIMIT_DEFAULTS = Object.freeze({
  perClientPerDay: 2,
  perNetworkPerDay: 4,
  perDomainPerDay: 3,
  perFreeMailDomainPerDay: '25%',
  perHour: '10%',
  freeMailDomains: [] as readonly string[],
});

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** `booking.limits`: every key optional, each with its default. */
export const bookingLimitsSchema = z
  .strictObject({
    /** Calls held a day for one client: its IPv4 address, or its IPv6 /64. */
    perClientPerDay: allowance(BOOKING_LIMIT_DEFAULTS.perClientPerDay),
    /** Calls held a day for one network: an IPv4 /24, an IPv6 /48. */
    perNetworkPerDay: allowance(BOOKING_LIMIT_DEFAULTS.perNetworkPerDay),
    /** Calls held a day for one mailbox domain (the visitor's email after the `@`). */
    perDomainPerDay: allowance(BOOKING_LIMIT_DEFAULTS.perDomainPerDay),
    /** Calls held a day for one of the big free-mail domains, whose visitors are many people. */
    perFreeMailDomainPerDay: allowance(BOOKING_LIMIT_DEFAULTS.perFreeMailDomainPerDay),
    /** Calls held an hour for everybody together. */
    perHour: allowance(BOOKING_LIMIT_DEFAULTS.perHour),
    /** More domains the firm's visitors share as free mail (a local provider's), in lower case. */
    freeMailDomains: z
      .array(
        z
          .string()
          .transform((domain) => domain.trim().toLowerCase())
          .refine((domain) => DOMAIN.test(domain), 'must be a mail domain, like "example.co.uk"'),
      )
      .max(200)
      .default([]),
  })
  .default({ ...BOOKING_LIMIT_DEFAULTS, freeMailDomains: [] });

/** The parsed limits. */
export type BookingLimits = z.output<typeof bookingLimitsSchema>;

/**
 * `allowance` in calls, for hosts who can take `capacity` calls over the horizon: a share is of
 * that, rounded, and at least one while it is above 0 %.
 *
 * @example callsAllowed('10%', 320) // 32
 * @example callsAllowed(2, 320) // 2
 */
export function callsAllowed(allowance: CallAllowance, capacity: number): number {
  if (typeof allowance === 'number') return allowance;
  const percent = Number(allowance.slice(0, -1));
  return percent === 0 ? 0 : Math.max(1, Math.round((capacity * percent) / 100));
}
