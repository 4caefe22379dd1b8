/**
 * A host replacing their own feed's address from "Your calls" (`docs/booking.md`, "Calendars"):
 * `POST /admin/calls/feed` with the console's CSRF token, for someone whose address reached
 * someone it should not have. The old address answers 404 at once, on every instance
 * (`booking/host-feeds.ts`); the page then shows the new one. Only a host of the form's calls has
 * a feed; the press is in the audit log. An operator replaces anyone's with
 * `npm run outbox -- people calendar <address> --new-feed`.
 */
import { Hono, type Context } from 'hono';
import { hostsOf, newFeedPath } from '../booking/host-feeds.ts';
import type { HostFeeds } from '../outbox/store.ts';
import type { CurrentForm } from '../studio/live-form.ts';
import { needsTo, personOf, refusal, type ConsoleVariables } from './access.ts';

/** What a press came to, by the word the redirect carries ("Your calls"' notice). */
const FEED_DONE = {
  calendar_disconnected:
    'Your calendar is disconnected and your sign-in forgotten: it is no longer read nor written.',
  calendar_disconnected_unrevoked:
    'Your calendar is disconnected and your sign-in forgotten here: it is no longer read nor written. Google did not confirm taking the access back: remove the firm’s app from your Google Account (Security) too.',
  feed_replaced:
    'Your feed has a new address, below. The old one answers nothing from now on: subscribe to the new one in your calendar program, and remove the old subscription.',
} as const;

/** The notice of `word` (only FEED_DONE's own words); undefined for any other. */
export const feedDoneText = (word: string | undefined) =>
  word !== undefined && Object.hasOwn(FEED_DONE, word)
    ? FEED_DONE[word as keyof typeof FEED_DONE]
    : undefined;

/** What the route reads and writes. */
export interface FeedRouteDeps {
  feeds: Pick<HostFeeds, 'replaceFeed'>;
  form: CurrentForm;
  now: () => number;
  /** Writes a press to the audit log. */
  audit: (c: Context, action: string, detail: string) => Promise<void>;
}

/** The route of a host's feed replaced. */
export function feedRoute(deps: FeedRouteDeps): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>();
  app.post('/admin/calls/feed', needsTo('read leads'), async (c) => {
    const who = c.get('session');
    const host = who.personId === null ? null : who.email.toLowerCase();
    if (host === null || !hostsOf(deps.form.current().config).includes(host))
      return refusal(c, 403, 'Only a host of the form’s calls has a feed to replace.');
    await newFeedPath(deps.feeds, host, { at: deps.now(), by: personOf(who) });
    await deps.audit(c, 'replace feed', host);
    return c.redirect('/admin/calls?done=feed_replaced#feed', 303);
  });
  return app;
}
