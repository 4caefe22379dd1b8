/**
 * The times the preview's appointment question offers (`GET /api/slots` of the preview's API,
 * `docs/booking.md`): the draft's rules, with its routing choosing the team's as the proxy would,
 * laid out over the days from today to the horizon. Nobody's diary is read and nothing is held:
 * a preview books no call, so the person previewing sees every time the rules give, and what the
 * answer says (`open`, or `full` when the rules give none) is the live route's shape, the same
 * refusals included (an unknown case type, one that asks for no appointment).
 */
import type { Context } from 'hono';
import { appointmentOf, bookingHosts } from '../../booking/booking-hosts.ts';
import { bookableDates, bookableFrom, daySlots } from '../../booking/slot-grid.ts';
import type { Slot, SlotsResponse } from '../../contract/booking.ts';
import type { FormConfig } from '../../contract/schemas/form-config.ts';
import { Refusal } from '../../http/refusal.ts';
import { factsOf } from '../../http/slots-route.ts';

/** A slot's instant as `GET /api/slots` writes it: ISO 8601 in UTC, to the second. */
const iso = (epoch: number) => new Date(epoch).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The draft's slots for the preview's request `c`, in `config` (the draft in the asked language),
 * at `now`; throws the live route's refusals.
 *
 * @example previewSlots(c, draft, Date.now()).slots[0] // { start: '2027-03-29T08:00:00Z', … }
 */
export function previewSlots(
  c: Context,
  config: FormConfig,
  lang: string,
  now: number,
): SlotsResponse {
  const id = c.req.query('case-type') ?? '';
  const caseType = config.caseTypes.find((each) => each.id === id);
  if (!caseType)
    throw Refusal.field('case-type', 'unknown_case_type', 'case_type.unknown_case_type');
  const hosts =
    appointmentOf(config, id) && bookingHosts(config, factsOf(c, config, caseType, lang));
  if (!hosts)
    throw Refusal.field('case-type', 'no_appointment', 'slots.no_appointment', { name: id });
  const { rules } = hosts;
  const soonest = bookableFrom(rules, now);
  const slots: Slot[] = bookableDates(rules, now).flatMap((date) =>
    daySlots(rules, date)
      .filter((slot) => slot.start >= soonest)
      .map((slot) => ({ start: iso(slot.start), end: iso(slot.end) })),
  );
  return {
    timeZone: rules.timeZone,
    minutes: rules.minutes,
    status: slots.length > 0 ? 'open' : 'full',
    slots,
  };
}
