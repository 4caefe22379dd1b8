/**
 * The firm told of the platform's outage once, then reminded: one alert when it begins, one a
 * day while it lasts (how many leads wait, the oldest), one when it is over (how many of those
 * that waited were delivered). Never one email per lead: no lead is dead-lettered for an outage
 * (`delivery/outage-watch.ts`). Each notice has a key of its own (the outage's start, the day),
 * so however many instances ask and however often they restart, each is queued once.
 */
import type { OperatorView, OutageEnded, PlatformOutages } from '../outbox/store.ts';
import type { AlertEvent } from './events.ts';

const DAY = 24 * 3_600_000;
/** How long the end's notice waits for the leads that waited to be sent, at most. */
const DRAIN_WAIT_MS = 3_600_000;

/** Where the notices are read from. */
export type OutageNoticeStore = Pick<
  PlatformOutages,
  'platformOutage' | 'outageEnded' | 'forgetOutageEnded' | 'sentAfterOutage'
> &
  Pick<OperatorView, 'counts'>;

/** A notice and the key it is queued under once. */
export interface OutageNotice {
  key: string;
  event: AlertEvent;
}

/** What is due now: the notices, whether the platform's outage holds other alerts back. */
export interface OutageNotices {
  notices: OutageNotice[];
  /**
   * True while the platform is down or what waited for it is still being sent: the oldest
   * waiting enquiry's age says nothing then that these notices do not.
   */
  quiet: boolean;
  /** Once the notices are queued: the ended outage is forgotten, its end told. */
  told: () => Promise<void>;
}

/** The notices of the platform's outage due at `now`. */
export async function outageNotices(store: OutageNoticeStore, now: number): Promise<OutageNotices> {
  const outage = await store.platformOutage();
  const ended = await store.outageEnded();
  const nothingTold = () => Promise.resolve();
  if (outage) {
    const days = Math.floor((now - outage.since) / DAY);
    const notices = [notice(`alert.platform-down:${String(outage.since)}`, downEvent(now, outage))];
    if (days >= 1) {
      const { queued, oldestQueuedAt } = await store.counts();
      notices.push(
        notice(
          `alert.platform-still-down:${String(outage.since)}:${String(days)}`,
          stillDownEvent(now, outage.since, queued, oldestQueuedAt),
        ),
      );
    }
    return { notices, quiet: true, told: nothingTold };
  }
  if (!ended) return { notices: [], quiet: false, told: nothingTold };
  const sent = await store.sentAfterOutage(ended.endedAt);
  if (sent.waiting > 0 && now - ended.endedAt < DRAIN_WAIT_MS)
    return { notices: [], quiet: true, told: nothingTold };
  return {
    notices: [notice(`alert.platform-back:${String(ended.since)}`, backEvent(now, ended, sent))],
    quiet: false,
    told: () => store.forgetOutageEnded(ended),
  };
}

const notice = (key: string, event: AlertEvent): OutageNotice => ({ key, event });

/** A moment as the firm reads it: `2027-03-27 09:00 UTC`. */
const clock = (at: number) => `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A length of time in words: `45 seconds`, `12 minutes`, `3 days and 14 hours`. */
export function duration(ms: number): string {
  const unit = (n: number, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return unit(Math.round(ms / 1000), 'second');
  if (minutes < 120) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return unit(hours, 'hour');
  const rest = hours % 24;
  return `${unit(Math.floor(hours / 24), 'day')}${rest > 0 ? ` and ${unit(rest, 'hour')}` : ''}`;
}

const NOTHING_LOST =
  'No enquiry is given up while it lasts: each waits in the outbox and is sent, oldest first, as soon as the platform answers again.';

function downEvent(now: number, outage: { since: number; error: string }): AlertEvent {
  return {
    event: 'alert.platform-down',
    at: new Date(now).toISOString(),
    message: `Your platform has not answered since ${clock(outage.since)} (${outage.error}). Delivery is paused. ${NOTHING_LOST}`,
    hint: 'Check that the platform (your WordPress site) is up. Nothing needs doing here: the proxy asks it again every 30 seconds at most, and tells you once a day while it lasts and once when it is over.',
  };
}

function stillDownEvent(
  now: number,
  since: number,
  waiting: number,
  oldest: number | null,
): AlertEvent {
  const leads = waiting === 1 ? '1 enquiry waits' : `${String(waiting)} enquiries wait`;
  return {
    event: 'alert.platform-still-down',
    at: new Date(now).toISOString(),
    message: `Your platform has not answered for ${duration(now - since)}, since ${clock(since)}: ${leads}${oldest === null ? '' : `, the oldest received ${clock(oldest)}`}. ${NOTHING_LOST}`,
    hint: 'npm run outbox -- list queued shows them; the console’s overview says the same.',
  };
}

function backEvent(
  now: number,
  ended: OutageEnded,
  sent: { delivered: number; waiting: number },
): AlertEvent {
  const delivered =
    sent.delivered === 1
      ? '1 enquiry that waited was'
      : `${String(sent.delivered)} enquiries that waited were`;
  const still =
    sent.waiting === 0
      ? ''
      : ` ${String(sent.waiting)} of those that waited ${sent.waiting === 1 ? 'is' : 'are'} still being tried: the console shows why.`;
  return {
    event: 'alert.platform-back',
    at: new Date(now).toISOString(),
    message: `Your platform answers again since ${clock(ended.endedAt)}, after ${duration(ended.endedAt - ended.since)} down (since ${clock(ended.since)}): ${delivered} delivered.${still}`,
  };
}
