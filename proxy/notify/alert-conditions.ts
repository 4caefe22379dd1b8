/**
 * What is true now that the firm is alerted of, each in the words its alert says: delivery
 * paused, the oldest waiting enquiry waiting too long, signed webhooks given up, the hour's
 * confirmation emails at their ceiling, calls' events a host's calendar would not take, calls
 * booked faster than people book (the booking limits holding calls back), the outbox's disk
 * short of the retry window's leads. Apart from the notifier's rounds (`notifier.ts`), as a
 * new kind of alert changes this file; `alert-book.ts` decides which of them are news.
 */
import { counted } from '../contract/plurals.ts';
import { CONFIRMATION_CEILING } from '../outbox/receipt.ts';
import type { BookingStore, ConfirmationQuotas, OperatorView } from '../outbox/store.ts';
import { hourOf, type CallsNotHeld } from '../outbox/machine/calls-not-held.ts';
import type { WebhookDelivery } from '../outbox/webhook.ts';
import {
  CALENDAR_KIND_NAMES,
  type CalendarTrouble,
  type UnreadCalendar,
} from '../outbox/calendar-write.ts';
import type { Conditions } from './alert-book.ts';
import { pausedAlert } from './messages.ts';
import { roomAlert, type RoomForecast } from '../outbox/room-forecast.ts';

/** Where the conditions are read from. */
export interface AlertSources {
  /**
   * The oldest waiting enquiry, which the queued-too-long alert reads, the quotas the ceiling
   * alert reads, and the calls the booking limits held back this hour.
   */
  store: Pick<OperatorView, 'attention'> & ConfirmationQuotas & Pick<BookingStore, 'callsNotHeld'>;
  /** Why delivery is paused, if it is. */
  pauseState: () => { reason: string; hint: string | undefined } | undefined;
  /** An alert when the oldest waiting enquiry has waited this long. */
  queuedAlertMs: number;
  /** Confirmation emails an hour for everybody together (when they are on): reached, an alert. */
  confirmationCeiling?: number;
  /** Signed webhooks given up after every try (when endpoints are configured). */
  deadWebhooks?: () => Promise<{ count: number; latest: WebhookDelivery | null }>;
  /** Calls' events a host's calendar would not take: given up, or waiting on a person. */
  calendarTrouble?: () => Promise<CalendarTrouble>;
  /** Hosts' calendars that cannot be read at `now`, past the time their last read is trusted. */
  unreadCalendars?: (now: number) => Promise<UnreadCalendar[]>;
  /** The room a wait for the platform needs on the outbox's disk, and whether it has it. */
  roomForecast?: (() => Promise<RoomForecast>) | undefined;
}

/**
 * Each condition true at `now`, with its alert's message and hint; `waitingForPlatform` while
 * the platform is down or what waited for it is still being sent, when the waiting enquiries'
 * age is the outage's news, told by its own notices (`outage-notices.ts`).
 */
export async function alertConditions(
  sources: AlertSources,
  now: number,
  { waitingForPlatform = false }: { waitingForPlatform?: boolean } = {},
): Promise<Conditions> {
  const { store, pauseState, queuedAlertMs, deadWebhooks, calendarTrouble } = sources;
  const calendars = await calendarTrouble?.();
  const unread = (await sources.unreadCalendars?.(now)) ?? [];
  const pause = pauseState();
  const webhooks = await deadWebhooks?.();
  const { oldestQueuedAt } = await store.attention();
  const waited = oldestQueuedAt === null ? 0 : now - oldestQueuedAt;
  const ceiling = await confirmationCeilingReached(sources, now);
  const calls = callsHeldBack(await store.callsNotHeld(now), now);
  const room = await sources.roomForecast?.();
  const disk = room && roomAlert(room);
  return {
    ...(pause
      ? {
          paused: pausedAlert(pause),
        }
      : {}),
    ...(waited >= queuedAlertMs && !waitingForPlatform
      ? {
          stuck: {
            message: `The oldest waiting enquiry has waited ${counted(Math.round(waited / 60_000), 'minute')}.`,
            hint: 'See /healthz and the log; npm run outbox -- list queued shows what waits.',
          },
        }
      : {}),
    ...(webhooks?.latest
      ? {
          webhooks: {
            message: `${String(webhooks.count)} webhook message${webhooks.count === 1 ? ' was' : 's were'} given up after every retry; the latest, ${webhooks.latest.event} about ${webhooks.latest.reference} to ${webhooks.latest.endpoint}: ${webhooks.latest.lastError ?? 'failed'}.`,
            hint: 'npm run outbox -- webhooks dead lists them; npm run outbox -- webhooks retry <id> sends one again.',
          },
        }
      : {}),
    ...(ceiling ? { confirmations: ceiling } : {}),
    ...(calendars?.latest
      ? {
          calendars: {
            message: `${String(calendars.count)} call${calendars.count === 1 ? '' : 's'} could not be written to ${calendars.count === 1 ? 'its host’s' : 'their hosts’'} calendar; the latest, for ${calendars.latest.host}${calendars.latest.reference ? ` (${calendars.latest.reference})` : ''}: ${calendars.latest.lastError ?? 'failed'}.`,
            hint: 'Nothing is lost: each call is in the outbox and in its host’s feed, and its event is tried again for three days. Mend the address or password with npm run outbox -- people calendar <address> <calendar URL> --username <name>, which tries every write owed to it again.',
          },
        }
      : {}),
    ...(unread.length > 0 ? { calendarReads: unreadAlert(unread) } : {}),
    ...(calls ? { calls } : {}),
    ...(disk ? { disk } : {}),
  };
}

/** Calls held back in an hour past which they are more than people asking twice. */
const CALLS_HELD_BACK_ALERT = 3;

/** The limits as the firm reads them, in the order they are taken. */
const LIMIT_WORDS: Record<string, string> = {
  client: 'one address’s share a day',
  network: 'one network’s',
  domain: 'one mailbox domain’s',
  hour: 'the hour’s share for everybody',
};

/**
 * The alert when this hour's calls came faster than people book: the booking limits held back
 * three calls or more, or the hour's share for everybody was reached. Worded for the hour, so
 * a later hour's is news again (at most one an hour all the same); the counts so far are in
 * its hint, which does not make it news again as they grow.
 */
function callsHeldBack(held: CallsNotHeld, now: number) {
  const total = Object.values(held).reduce<number>((sum, calls) => sum + (calls ?? 0), 0);
  if (total < CALLS_HELD_BACK_ALERT && !held.hour) return undefined;
  const hour = hourOf(now);
  const clock = new Date(hour).toISOString().slice(11, 16);
  const counts = Object.keys(LIMIT_WORDS)
    .filter((limit) => held[limit])
    .map((limit) => `${String(held[limit])} past ${LIMIT_WORDS[limit] ?? limit}`)
    .join(', ');
  return {
    message: `Calls are being booked faster than people book: in the hour from ${clock} UTC the booking limits held back calls that visitors asked for.`,
    hint: `So far this hour: ${counts}. Each enquiry was taken and delivered with the time chosen as preferred times, and its visitor told that you will contact them to agree a time. If these are real visitors, raise booking.limits in the form configuration; if not, someone is taking your hosts’ times: the log names each enquiry ("call not held"), and Turnstile (TURNSTILE_SITE_KEY) makes it harder.`,
  };
}

/**
 * The alert of hosts' calendars that cannot be read, naming each host, its calendar's kind and
 * why (its words change when a host or a cause does, so that is news again), and what its end
 * says: that they are read again.
 */
function unreadAlert(unread: readonly UnreadCalendar[]) {
  const whose = (calendar: UnreadCalendar) =>
    `${calendar.address}'s ${CALENDAR_KIND_NAMES[calendar.kind]}`;
  const [one] = unread;
  const message =
    unread.length === 1 && one
      ? `${whose(one)} cannot be read: ${one.fault}${/[.?!]$/.test(one.fault) ? '' : '.'} Their times are not offered until it is read again; enquiries with preferred times are still taken.`
      : `${String(unread.length)} hosts' calendars cannot be read: ${unread.map((each) => `${whose(each)} (${each.fault})`).join('; ')}. Their times are not offered until they are read again; enquiries with preferred times are still taken.`;
  return {
    message,
    hint: 'The proxy tries each calendar every minute, and says so here once it reads again. A secret refused or revoked: connect it anew (npm run outbox -- calendars microsoft …, or people calendar <address> <calendar URL> --username <name> for a CalDAV password; the console’s People page shows each calendar and its fault).',
    over:
      unread.length === 1 && one
        ? `${whose(one)} is read again: their times are offered again.`
        : `The hosts' calendars are read again: their times are offered again.`,
  };
}

/**
 * The alert when this hour's confirmation emails reached their ceiling (`limits.perHour`):
 * worded for the hour, so a later hour's is news again (at most one an hour all the same).
 */
async function confirmationCeilingReached(sources: AlertSources, now: number) {
  const limit = sources.confirmationCeiling;
  if (limit === undefined) return undefined;
  if ((await sources.store.quotaUsed(CONFIRMATION_CEILING, now)) < limit) return undefined;
  const hour = Math.floor(now / CONFIRMATION_CEILING.windowMs) * CONFIRMATION_CEILING.windowMs;
  const clock = (at: number) => new Date(at).toISOString().slice(11, 16);
  return {
    message: `The ceiling of ${String(limit)} confirmation emails an hour was reached in the hour from ${clock(hour)} UTC: visitors who send an enquiry before ${clock(hour + CONFIRMATION_CEILING.windowMs)} UTC get no copy by email. Their enquiries are stored and delivered as usual.`,
    hint: 'If these are real enquiries, raise confirmation.limits.perHour in the form configuration. If not, someone may be using the form to send email to other people: the log names each enquiry that got no copy ("no confirmation email").',
  };
}
