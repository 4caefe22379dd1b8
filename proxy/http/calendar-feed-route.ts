/**
 * `GET /calendar/<token>.ics` (`docs/booking.md`, "Calendars"): a host's private feed of their
 * calls booked, as `text/calendar` that Outlook, Google Calendar and Apple Calendar subscribe to
 * (`booking/host-feeds.ts` says whose a token is; `booking/event-ical.ts` writes it). Calls from a
 * month ago on; a cancelled call leaves it. A token that is no host's is answered as any unknown
 * address is (so is one replaced, at once), and each client is rate-limited, so guessing costs a
 * lookup and ends in a `429`.
 */
import { Hono, type Context } from 'hono';
import { feedText, eventOf } from '../booking/event-ical.ts';
import { feedHost } from '../booking/host-feeds.ts';
import { RateLimiter } from '../limiter/token-buckets.ts';
import type { BookingStore, HostFeeds } from '../outbox/store.ts';
import type { CurrentForm } from '../studio/live-form.ts';
import { rateLimitKey } from './client-ip.ts';
import { rateLimit } from './rate-limit.ts';

/** How far back a feed shows calls. */
const FEED_PAST_MS = 30 * 86_400_000;
/** A calendar program looks every few minutes; a person tries a link a few times. */
const FEEDS_PER_CLIENT_PER_MINUTE = 30;

/** What the feed route reads. */
export interface CalendarFeedRouteDeps {
  form: CurrentForm;
  /** The calls, and whose each feed's token is (asked on every request: a replaced one is gone). */
  store: Pick<BookingStore, 'hostBookings'> & Pick<HostFeeds, 'feedHost'>;
  clientIp: (c: Context) => string;
  now: () => number;
}

/** The feed route, as a Hono app to mount at `/`. */
export function calendarFeedRoute(deps: CalendarFeedRouteDeps): Hono {
  const app = new Hono();
  const perClient = new RateLimiter('calendar-feeds', FEEDS_PER_CLIENT_PER_MINUTE, deps.now);
  app.get(
    '/calendar/:file{[A-Za-z0-9_-]{43}\\.ics}',
    rateLimit({ limiters: [perClient], clientKey: (c) => rateLimitKey(deps.clientIp(c)) }),
    async (c) => {
      const token = c.req.param('file').slice(0, -'.ics'.length);
      const host = await feedHost(deps.store, deps.form.current().config, token);
      if (!host) return c.notFound();
      const calls = await deps.store.hostBookings(host, deps.now() - FEED_PAST_MS);
      return c.body(feedText(host, calls.map(eventOf)), 200, {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': 'inline; filename="calls.ics"',
        'Cache-Control': 'private, max-age=300',
        // The address is the secret: no page that links to it learns it from a Referer.
        'Referrer-Policy': 'no-referrer',
      });
    },
  );
  return app;
}
