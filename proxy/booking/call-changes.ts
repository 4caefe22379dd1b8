/**
 * A booked call cancelled or moved after its enquiry (`docs/booking.md`, "Cancel or move"), by
 * the visitor through their link (`intake/page/call-page-route.ts`) or by the firm's staff on
 * the lead's page in the console: one machinery for both. The call is opened by its link's token
 * (`booking-link.ts`), or by its UID for staff; its hosts are those who would take it now (its
 * team's people, or the form's); a move is offered their free times (`slot-finder.ts`) and
 * taken in one transaction by the outbox (`outbox/machine/booking-changes.ts`), which owes the
 * host's calendar the change and queues the host's email and the visitor's
 * (`visitor-call-notice.ts`). Either way the time given back is offered again at once.
 */
import type { StoredBooking } from '../outbox/booking.ts';
import type { NewNotification } from '../outbox/notification.ts';
import type { People } from '../outbox/people-store.ts';
import type { BookingStore, OperatorView } from '../outbox/store.ts';
import type { CallChangeEvent } from '../notify/events.ts';
import type { CurrentForm } from '../studio/live-form.ts';
import { teamHosts, type BookingHosts } from './booking-hosts.ts';
import { readBookingToken, secretOpens } from './booking-link.ts';
import { callTime } from './call-words.ts';
import type { OfferedSlot, SlotFinder } from './slot-finder.ts';
import { slotAt, type Span } from './slot-grid.ts';
import {
  keptInvitation,
  visitorNotice,
  type VisitorChange,
  type VisitorMailDeps,
} from './visitor-call-notice.ts';

const MINUTE_MS = 60_000;

/** What changing a call reads and writes. */
export interface CallChangeDeps {
  store: Pick<
    BookingStore,
    'bookingToOpen' | 'bookingsOf' | 'hostBookings' | 'cancelBooking' | 'moveBooking'
  > &
    Pick<OperatorView, 'get' | 'notificationsFor'> &
    // The host by the name the console knows them by, on the visitor's page.
    Pick<People, 'listPeople'>;
  /** The free times, and the days to work out again once a time is given back or taken. */
  slots: SlotFinder;
  form: CurrentForm;
  /** True when hosts can be emailed (`notify/channels.ts`' emailChannelOn): each change is told. */
  hostsTold: boolean;
  /** Set when visitors can be emailed (`SMTP_URL` and `CONFIRMATION_FROM`): each is told too. */
  visitors?: VisitorMailDeps | undefined;
  /** `PUBLIC_URL`: the host's email links to the lead in the console. */
  publicUrl?: string | undefined;
  now: () => number;
}

/** A call opened to be changed, with the hosts who would take it now (none: nobody can move it). */
export interface OpenedCall {
  booking: StoredBooking;
  hosts: BookingHosts | undefined;
}

/** Who changed a call: words for the host's email, and whether it was the visitor. */
export interface ChangedBy {
  name: string;
  visitor: boolean;
}

/**
 * What a move came to: moved, or why not (`moves_used` and `too_soon`: the visitor may not move
 * it themselves any more, `visitorMayMove`).
 */
export type MoveOutcome =
  StoredBooking | 'taken' | 'unavailable' | 'changed' | 'moves_used' | 'too_soon';

/** Whether the visitor may move their call themselves now, and if not, why. */
export type VisitorMove = 'yes' | 'moves_used' | 'too_soon';

const HOUR_MS = 3_600_000;

/**
 * Whether `call`'s visitor may move it through their link at `now` (`docs/booking.md`, "Moves
 * within reason"): fewer moves than `booking.visitorMoves` so far, and its start further off
 * than `moveNoticeHours`. Staff may always move it.
 */
export function visitorMayMove(call: OpenedCall, now: number): VisitorMove {
  const rules = call.hosts?.rules;
  if (!rules) return 'yes';
  if (call.booking.visitorMoves >= rules.visitorMoves) return 'moves_used';
  if (call.booking.start - now < rules.moveNoticeHours * HOUR_MS) return 'too_soon';
  return 'yes';
}

/** The call `uid` with its hosts; undefined when there is none. */
export async function openCall(deps: CallChangeDeps, uid: string): Promise<OpenedCall | undefined> {
  const found = await deps.store.bookingToOpen(uid);
  if (!found) return undefined;
  const { booking } = found;
  const { config } = deps.form.current();
  // The team the lead went to (a round robin's is kept with the call itself).
  const team = config.routing
    ? (booking.team ?? (await deps.store.get(booking.reference))?.routing?.team ?? null)
    : null;
  return { booking, hosts: teamHosts(config, team) };
}

/** The call a visitor's link opens, and its secret; undefined for any other token. */
export async function openCallByLink(
  deps: CallChangeDeps,
  token: string,
): Promise<(OpenedCall & { secret: string }) | undefined> {
  const asked = readBookingToken(token);
  const found = asked && (await deps.store.bookingToOpen(asked.uid));
  if (!asked || !found || !secretOpens(asked.secret, found.secretHash)) return undefined;
  const call = await openCall(deps, asked.uid);
  return call && { ...call, secret: asked.secret };
}

/** The times `call` may move to now: its hosts' free times but its own. */
export async function timesToMoveTo(
  deps: CallChangeDeps,
  call: OpenedCall,
): Promise<OfferedSlot[]> {
  if (!call.hosts || call.booking.state !== 'booked') return [];
  const { slots } = await deps.slots.offered(call.hosts);
  return slots.filter((slot) => slot.start !== call.booking.start);
}

/** The calls the lead `reference` booked, oldest first, each with the times it may move to. */
export async function leadCalls(
  deps: CallChangeDeps,
  reference: string,
): Promise<{ call: OpenedCall; times: OfferedSlot[] }[]> {
  const calls = [];
  for (const booking of await deps.store.bookingsOf(reference)) {
    const call = await openCall(deps, booking.uid);
    if (call) calls.push({ call, times: await timesToMoveTo(deps, call) });
  }
  return calls;
}

/** Cancels `call` as it was at `sequence`, by `by`; `changed` when it is not booked so any more. */
export async function cancelCall(
  deps: CallChangeDeps,
  call: OpenedCall,
  sequence: number,
  by: ChangedBy,
): Promise<StoredBooking | 'changed'> {
  const { booking } = call;
  const notice = hostNotice(deps, 'call.cancelled', booking, sequence, by, [
    `${booking.summary} (${booking.reference}), ${whenOf(booking)}, was cancelled by ${by.name}.`,
    'Its time is offered again, and its event leaves your calendar.',
  ]);
  const visitorMail = await visitorMailOf(deps, { kind: 'cancelled', booking, sequence, by });
  const done = await deps.store.cancelBooking(booking.uid, deps.now(), {
    sequence,
    notice,
    visitorMail,
    byVisitor: by.visitor,
  });
  if (call.hosts) deps.slots.forget(call.hosts, booking.start);
  return done ?? 'changed';
}

/**
 * Moves `call`, as it was at `sequence`, to the slot starting `start` (a time `timesToMoveTo`
 * offered), by `by`: to its own host when they are free then, else to another of its hosts.
 */
export async function moveCall(
  deps: CallChangeDeps,
  call: OpenedCall,
  sequence: number,
  start: number,
  by: ChangedBy,
): Promise<MoveOutcome> {
  const { booking, hosts } = call;
  const may = by.visitor ? visitorMayMove(call, deps.now()) : 'yes';
  if (may !== 'yes') return may;
  const slot = hosts && slotAt(hosts.rules, start, deps.now());
  if (!hosts || !slot || booking.state !== 'booked') return 'unavailable';
  const free = deps.slots.calendarFree(hosts, slot);
  const order = [...free].sort((a, b) => Number(b === booking.host) - Number(a === booking.host));
  if (order.length === 0) {
    deps.slots.forget(hosts, slot.start);
    return 'taken';
  }
  const notice = hostNotice(deps, 'call.moved', booking, sequence, by, [
    `${booking.summary} (${booking.reference}) was moved by ${by.name}.`,
    `Was: ${whenOf(booking)}, with ${booking.host}.`,
    `Now: ${whenOf({ ...slot, timeZone: hosts.rules.timeZone })}.`,
    'The event in your calendar follows it.',
  ]);
  const to = { ...slot, timeZone: hosts.rules.timeZone };
  const move = {
    sequence,
    notice,
    visitorMail: await visitorMailOf(deps, { kind: 'moved', booking, to, sequence, by }),
    start: slot.start,
    end: slot.end,
    until: slot.end + hosts.rules.bufferMinutes * MINUTE_MS,
    hosts: order,
    byVisitor: by.visitor,
    ...(by.visitor ? { movesAllowed: hosts.rules.visitorMoves } : {}),
  };
  const moved = await deps.store.moveBooking(booking.uid, move, deps.now());
  deps.slots.forget(hosts, booking.start);
  deps.slots.forget(hosts, slot.start);
  return moved ?? 'changed';
}

/** A call's day and times in the firm's words (its zone named). */
const whenOf = (call: Span & { timeZone: string }) => callTime(call, call.timeZone, 'en');

/**
 * The invitation the visitor of the call booked with `reference` was sent, when they are told
 * of its changes: visitors can be emailed and their confirmation carried it. Undefined when
 * nothing about the call reaches them by email (their call's page then offers the file).
 */
export async function emailedInvitation(deps: CallChangeDeps, reference: string) {
  if (!deps.visitors || !deps.form.current().config.confirmation) return undefined;
  return keptInvitation(await deps.store.notificationsFor(reference));
}

/**
 * The visitor's email of a change asked at `sequence` (written for the host who has the call
 * after it), when they are emailed of its changes.
 */
async function visitorMailOf(
  deps: CallChangeDeps,
  change: Pick<VisitorChange, 'kind' | 'booking' | 'to'> & { sequence: number; by: ChangedBy },
) {
  const invitation = await emailedInvitation(deps, change.booking.reference);
  if (!deps.visitors || !invitation) return undefined;
  return visitorNotice(deps.visitors, invitation, {
    ...change,
    sequence: change.sequence + 1,
    byVisitor: change.by.visitor,
    at: deps.now(),
  });
}

/** The host's email of a change (addressed by the outbox), when hosts can be emailed. */
function hostNotice(
  deps: CallChangeDeps,
  event: CallChangeEvent['event'],
  booking: StoredBooking,
  sequence: number,
  by: ChangedBy,
  lines: string[],
): NewNotification | undefined {
  if (!deps.hostsTold) return undefined;
  const origin = deps.publicUrl?.replace(/\/+$/, '');
  const payload: CallChangeEvent = {
    event,
    reference: booking.reference,
    subject: `${event === 'call.moved' ? 'Call moved' : 'Call cancelled'}: ${booking.summary} (${booking.reference})`,
    text: [
      ...lines,
      ...(origin ? ['', `${origin}/admin/leads/${booking.reference}`] : []),
      '',
    ].join('\n'),
    to: [],
  };
  return {
    // One per change: the SEQUENCE it was made at names it; a visitor's are coalesced by it.
    key: `${event}:${booking.uid}:${String(sequence + 1)}${by.visitor ? ':visitor' : ''}`,
    channel: 'email',
    kind: event,
    reference: booking.reference,
    payload,
    at: deps.now(),
  };
}
