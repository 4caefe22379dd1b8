/**
 * `GET|POST /booking/<token>` (`docs/booking.md`, "Cancel or move"): the page a visitor's
 * confirmation email links to, where they cancel their call or move it to another free time of
 * its hosts. Opening it changes nothing (mail scanners open links): only a press does, a `POST`
 * carrying the press check of the call as the page showed it, which only the link's holder can
 * make and which a change made since (another SEQUENCE) no longer matches. The token opens its
 * one booking (`booking/booking-link.ts`); any other is answered as an unknown address, and each
 * client is rate-limited, so guessing costs a lookup and ends in a `429`.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { html } from 'hono/html';
import { pressCheck, pressChecks } from '../../booking/booking-link.ts';
import {
  cancelCall,
  moveCall,
  openCallByLink,
  timesToMoveTo,
  type CallChangeDeps,
  type OpenedCall,
} from '../../booking/call-changes.ts';
import { callTime } from '../../booking/call-words.ts';
import { isSlotStart } from '../../contract/booking.ts';
import { formatMessage } from '../../contract/messages.ts';
import { rateLimitKey } from '../../http/client-ip.ts';
import { pageIn, requestedLanguage } from '../../http/form-language.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { RateLimiter } from '../../limiter/token-buckets.ts';
import { callPage, type CallPageView } from './call-page.ts';
import { page, pageHeaders } from './page-frame.ts';

/** A person opens their link a few times; a guesser many. */
const PAGES_PER_CLIENT_PER_MINUTE = 30;
/** A press is a few fields: anything larger is not this page's. */
const MAX_PRESS_BYTES = 2_048;

/** What the call's page reads. */
export interface CallPageRouteDeps {
  /** Changing calls; absent when the form books none. */
  callChanges?: CallChangeDeps | undefined;
  clientIp: (c: Context) => string;
  now: () => number;
}

/** The call's page route, as a Hono app to mount at `/`. */
export function callPageRoute(deps: CallPageRouteDeps): Hono {
  const app = new Hono();
  const { callChanges } = deps;
  if (!callChanges) return app;
  const perClient = new RateLimiter('call-pages', PAGES_PER_CLIENT_PER_MINUTE, deps.now);
  const path = '/booking/:token{[A-Za-z0-9_-]{1,400}\\.[A-Za-z0-9_-]{43}}';
  const limited = rateLimit({
    limiters: [perClient],
    clientKey: (c) => rateLimitKey(deps.clientIp(c)),
  });

  /** The page of `call` as it is now, with `notice` above it. */
  const answer = async (
    c: Context,
    call: OpenedCall & { secret: string },
    notice?: CallPageView['notice'],
    status: 200 | 409 = 200,
  ) => {
    const { config } = callChanges.form.current();
    const { language } = pageIn(callChanges.form.current(), requestedLanguage(c));
    const times = await timesToMoveTo(callChanges, call);
    const check = pressCheck(call.secret, call.booking.sequence);
    const view = { booking: call.booking, times, check, notice };
    const action = new URL(c.req.url).pathname + new URL(c.req.url).search;
    return c.html(callPage(view, language, action), status, headersOf(config));
  };

  app.get(path, limited, async (c) => {
    const call = await openCallByLink(callChanges, c.req.param('token'));
    return call ? answer(c, call) : unknown(c, callChanges);
  });

  app.post(path, limited, bodyLimit({ maxSize: MAX_PRESS_BYTES }), async (c) => {
    const call = await openCallByLink(callChanges, c.req.param('token'));
    if (!call) return unknown(c, callChanges);
    const { words, lang } = pageIn(callChanges.form.current(), requestedLanguage(c)).language;
    const body = await c.req.parseBody();
    const field = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
    const { sequence } = call.booking;
    const stale = async () => {
      const now = await openCallByLink(callChanges, c.req.param('token'));
      return answer(c, now ?? call, { text: words['call.stale'], kind: 'problem' }, 409);
    };
    if (!pressChecks(call.secret, sequence, field('check'))) return stale();
    const by = { name: 'the visitor, through their link', visitor: true };
    if (field('action') === 'cancel') {
      const done = await cancelCall(callChanges, call, sequence, by);
      if (done === 'changed') return stale();
      return answer(c, { ...call, booking: done }, { text: words['call.cancelled'], kind: 'done' });
    }
    const start = field('start');
    const moved = isSlotStart(start)
      ? await moveCall(callChanges, call, sequence, Date.parse(start), by)
      : 'unavailable';
    if (moved === 'changed') return stale();
    if (moved === 'taken' || moved === 'unavailable')
      return answer(c, call, { text: words['call.taken'], kind: 'problem' }, 409);
    const text = formatMessage(words['call.moved'], {
      when: callTime(moved, moved.timeZone, lang),
    });
    return answer(c, { ...call, booking: moved }, { text, kind: 'done' });
  });
  return app;
}

/** The headers of the page: the form pages', and no Referer: the address is the secret. */
const headersOf = (config: Parameters<typeof pageHeaders>[0]) => ({
  ...pageHeaders(config),
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
});

/** A token that opens no call: said as a page, in the visitor's words. */
function unknown(c: Context, deps: CallChangeDeps) {
  const served = deps.form.current();
  const { language } = pageIn(served, requestedLanguage(c));
  const title = language.words['call.pageTitle'];
  const body = page(
    title,
    html`<h1>${title}</h1>
      <p>${language.words['call.unknown']}</p>`,
    language,
  );
  return c.html(body, 404, headersOf(served.config));
}
