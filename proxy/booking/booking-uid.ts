/**
 * A booking's iCalendar UID (`docs/booking.md`, "Storage"): a random UUID at the proxy's host
 * (`PUBLIC_URL`'s, else `enquiry-form`), the same wherever its event is written. The busy cache
 * knows the proxy's own events by it in a host's calendar, as they are counted from the outbox.
 */
import { randomUUID } from 'node:crypto';

/** The host a UID names: `PUBLIC_URL`'s, else `enquiry-form`. */
const domainOf = (publicUrl: string | undefined) =>
  publicUrl ? new URL(publicUrl).host : 'enquiry-form';

/**
 * A new booking's UID.
 *
 * @example newBookingUid('https://forms.firm.example') // '5f1c…@forms.firm.example'
 */
export const newBookingUid = (publicUrl: string | undefined): string =>
  `${randomUUID()}@${domainOf(publicUrl)}`;

/** Whether `uid` is one this proxy gave a booking (a random UUID at its host). */
export const isBookingUid =
  (publicUrl: string | undefined) =>
  (uid: string): boolean =>
    new RegExp(
      `^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}@${domainOf(publicUrl).replace(/[.]/g, '\\.')}$`,
    ).test(uid);
