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
import { calendarFile } from '../../booking/call-calendar-file.ts';
import {
  cancelCall,
  emailedInvitation,
  moveCall,
  openCallByLink,
  timesToMoveTo,
  visitorMayMove,
  type CallChangeDeps,
  type OpenedCall,
} from '../../booking/call-changes.ts';
import { visitorCallTime } from '../../booking/call-words.ts';
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
    status: 200 | 400 | 409 = 200,
  ) => {
    const served = callChanges.form.current();
    const { language, form } = pageIn(served, requestedLanguage(c));
    const move = visitorMayMove(call, deps.now());
    const address = new URL(c.req.url);
    const view: CallPageView = {
      booking: call.booking,
      // Worked out only where the visitor may still move it.
      times: move === 'yes' ? await timesToMoveTo(callChanges, call) : [],
      move,
      check: pressCheck(call.secret, call.booking.sequence),
      hostName: await hostName(call.booking.host),
      emailed: (await emailedInvitation(callChanges, call.booking.reference)) !== undefined,
      calendarFile: `${address.pathname}/calendar.ics${address.search}`,
      firm: form.firm,
      notice,
    };
    return c.html(
      callPage(view, language, address.pathname + address.search),
      status,
      headersOf(served.config),
    );
  };

  /** The name the console knows `host` by, if any. */
  const hostName = async (host: string) =>
    (await callChanges.store.listPeople(deps.now())).find((person) => person.email === host)
      ?.name || undefined;

  // The call as a file for the visitor's calendar: the same event as their invitation, now.
  app.get(`${path}/calendar.ics`, limited, async (c) => {
    const call = await openCallByLink(callChanges, c.req.param('token'));
    if (!call) return unknown(c, callChanges);
    const { language } = pageIn(callChanges.form.current(), requestedLanguage(c));
    const page = new URL(c.req.url);
    page.pathname = page.pathname.replace(/\/calendar\.ics$/, '');
    const text = await calendarFile(callChanges, call, page.href, language.words);
    const method = call.booking.state === 'booked' ? 'REQUEST' : 'CANCEL';
    return c.body(text, 200, {
      ...headersOf(callChanges.form.current().config),
      'Content-Type': `text/calendar; charset=utf-8; method=${method}`,
      'Content-Disposition': 'attachment; filename="call.ics"',
    });
  });

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
    // Nothing is ticked on the page: a press without a time is told to choose one.
    if (start === '')
      return answer(c, call, { text: words['call.chooseTime'], kind: 'problem' }, 400);
    const moved = isSlotStart(start)
      ? await moveCall(callChanges, call, sequence, Date.parse(start), by)
      : 'unavailable';
    if (moved === 'changed') return stale();
    if (moved === 'moves_used' || moved === 'too_soon')
      return answer(c, call, { text: words[MOVE_REFUSED[moved]], kind: 'problem' }, 409);
    if (moved === 'taken' || moved === 'unavailable')
      return answer(c, call, { text: words['call.taken'], kind: 'problem' }, 409);
    const text = formatMessage(words['call.moved'], {
      when: visitorCallTime(moved, moved, lang),
    });
    return answer(c, { ...call, booking: moved }, { text, kind: 'done' });
  });
  return app;
}

/** Why the visitor may not move their call themselves, in their words. */
const MOVE_REFUSED = { moves_used: 'call.movesUsed', too_soon: 'call.tooSoon' } as const;

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
