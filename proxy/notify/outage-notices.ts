/**
 * The firm told of the platform's outage once, then reminded: one alert when it begins, one a
 * day while it lasts (how many leads wait, the oldest), one when it is over (how many of those
 * that waited were delivered). Outages within ten minutes of each other are one
 * (`outage-episode.ts`): its end is told once the platform has answered for ten minutes, so a
 * platform that comes and goes sends two emails, not two a flap. Never one email per lead: no
 * lead is dead-lettered for an outage (`delivery/outage-watch.ts`). Each notice has a key of its
 * own (the outage's start, the day), so however many instances ask and however often they
 * restart, each is queued once.
 */
import type { OperatorView, PlatformOutage, PlatformOutages } from '../outbox/store.ts';
import type { AlertEvent } from './events.ts';
import {
  foldOutages,
  keepEpisode,
  ONE_OUTAGE_WITHIN_MS,
  readEpisode,
  type EpisodeStore,
  type OutageEpisode,
} from './outage-episode.ts';

const DAY = 24 * 3_600_000;
/** How long the end's notice waits for the leads that waited to be sent, at most. */
const DRAIN_WAIT_MS = 3_600_000;

/** Where the notices are read from, and the outage told of is kept. */
export type OutageNoticeStore = Pick<
  PlatformOutages,
  'platformOutage' | 'outageEnded' | 'forgetOutageEnded' | 'sentAfterOutage'
> &
  Pick<OperatorView, 'counts'> &
  EpisodeStore;

/** A notice and the key it is queued under once. */
export interface OutageNotice {
  key: string;
  event: AlertEvent;
}

/** What is due now: the notices, whether the platform's outage holds other alerts back. */
export interface OutageNotices {
  notices: OutageNotice[];
  /**
   * True while the platform is down, may be about to fail again, or what waited for it is still
   * being sent: the oldest waiting enquiry's age says nothing then that these notices do not.
   */
  quiet: boolean;
  /** Once the notices are queued: the outage told of kept (or forgotten once its end is told). */
  told: () => Promise<void>;
}

/**
 * The notices of the platform's outage due at `now`; it is over once the platform has answered
 * for `overAfterMs` (`ALERT_OUTAGE_OVER_AFTER_MS`).
 */
export async function outageNotices(
  store: OutageNoticeStore,
  now: number,
  overAfterMs = ONE_OUTAGE_WITHIN_MS,
): Promise<OutageNotices> {
  const outage = await store.platformOutage();
  const ended = await store.outageEnded();
  const before = await readEpisode(store);
  const episode = foldOutages(before, outage, ended, now);
  // The episode kept first: the end it took from the outbox is then in it, and forgotten there.
  const keep = (kept: OutageEpisode | null) => async () => {
    await keepEpisode(store, before, kept);
    if (ended) await store.forgetOutageEnded(ended);
  };
  if (!episode) return { notices: [], quiet: false, told: keep(null) };
  if (outage) {
    const { since } = episode;
    const days = Math.floor((now - since) / DAY);
    const notices = [
      notice(`alert.platform-down:${String(since)}`, downEvent(now, outage, episode, overAfterMs)),
    ];
    if (days >= 1) {
      const { queued, oldestQueuedAt } = await store.counts();
      notices.push(
        notice(
          `alert.platform-still-down:${String(since)}:${String(days)}`,
          stillDownEvent(now, episode, queued, oldestQueuedAt),
        ),
      );
    }
    return { notices, quiet: true, told: keep({ ...episode, told: true }) };
  }
  // Answering, but not for long enough to call it over: the next failure is the same outage.
  if (now - episode.downUntil < overAfterMs)
    return { notices: [], quiet: true, told: keep(episode) };
  const endedAt = episode.endedAt ?? episode.downUntil;
  const sent = await store.sentAfterOutage(endedAt);
  if (sent.waiting > 0 && now - endedAt < DRAIN_WAIT_MS)
    return { notices: [], quiet: true, told: keep(episode) };
  // Over: told, unless the firm never heard it began (over between two looks).
  const notices = episode.told
    ? [
        notice(
          `alert.platform-back:${String(episode.since)}`,
          backEvent(now, episode, endedAt, sent),
        ),
      ]
    : [];
  return { notices, quiet: false, told: keep(null) };
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

/** `once`, `twice`, `15 times`. */
const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${String(n)} times`);

function downEvent(
  now: number,
  outage: PlatformOutage,
  episode: OutageEpisode,
  overAfterMs: number,
): AlertEvent {
  const before =
    episode.outages > 1
      ? `, and failed ${times(episode.outages - 1)} before that since ${clock(episode.since)}`
      : '';
  return {
    event: 'alert.platform-down',
    at: new Date(now).toISOString(),
    message: `Your platform has not answered since ${clock(outage.since)} (${outage.error})${before}. Delivery is paused. ${NOTHING_LOST}`,
    hint: `Check that the platform (your WordPress site) is up. Nothing needs doing here: the proxy asks it again every 30 seconds at most, and tells you once a day while it lasts and once it has answered for ${duration(overAfterMs)} (failing again sooner is the same outage).`,
  };
}

function stillDownEvent(
  now: number,
  episode: OutageEpisode,
  waiting: number,
  oldest: number | null,
): AlertEvent {
  const { since, outages } = episode;
  const leads = waiting === 1 ? '1 enquiry waits' : `${String(waiting)} enquiries wait`;
  const how =
    outages > 1
      ? `has failed on and off for ${duration(now - since)}, since ${clock(since)} (${times(outages)}), and is not answering now`
      : `has not answered for ${duration(now - since)}, since ${clock(since)}`;
  return {
    event: 'alert.platform-still-down',
    at: new Date(now).toISOString(),
    message: `Your platform ${how}: ${leads}${oldest === null ? '' : `, the oldest received ${clock(oldest)}`}. ${NOTHING_LOST}`,
    hint: 'npm run outbox -- list queued shows them; the console’s overview says the same.',
  };
}

function backEvent(
  now: number,
  episode: OutageEpisode,
  endedAt: number,
  sent: { delivered: number; waiting: number },
): AlertEvent {
  const { since, outages } = episode;
  const delivered =
    sent.delivered === 1
      ? '1 enquiry that waited was'
      : `${String(sent.delivered)} enquiries that waited were`;
  const still =
    sent.waiting === 0
      ? ''
      : ` ${String(sent.waiting)} of those that waited ${sent.waiting === 1 ? 'is' : 'are'} still being tried: the console shows why.`;
  const down =
    outages > 1
      ? `: it failed ${times(outages)} in ${duration(endedAt - since)}, since ${clock(since)}.`
      : `, after ${duration(endedAt - since)} down (since ${clock(since)}):`;
  return {
    event: 'alert.platform-back',
    at: new Date(now).toISOString(),
    message: `Your platform answers again since ${clock(endedAt)}${down} ${sent.delivered + sent.waiting === 0 ? 'No enquiry waited for it.' : `${delivered} delivered.${still}`}`,
  };
}
