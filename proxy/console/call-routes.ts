/**
 * A host's own calls (`/admin/calls`: theirs from now on, and their feed's address), and staff
 * changing a lead's booked call from its page (`docs/console.md`): cancel it, or move it
 * to another free time of its hosts, by the same machinery as the visitor's own page
 * (`booking/call-changes.ts`: one transaction, the host's calendar and email told, the time
 * offered again). Mounted under `/admin/leads/*`, so each press needs what the lead's other
 * actions need (`needsTo('read leads')`) and carries the console's CSRF token; each is in the
 * audit log with who made it.
 */
import { Hono, type Context } from 'hono';
import { cancelCall, moveCall, openCall, type CallChangeDeps } from '../booking/call-changes.ts';
import { isSlotStart } from '../contract/booking.ts';
import { feedPath, hostsOf } from '../booking/host-feeds.ts';
import { feedDoneText } from './feed-route.ts';
import { needsTo, personOf, type ConsoleVariables } from './access.ts';
import { hostCallsBody } from './pages/host-calls.ts';
import type { OwnCalendarData } from './pages/own-calendar.ts';
import { markDoneText } from './call-mark-route.ts';
import type { CallMarks, HostFeeds } from '../outbox/store.ts';
import { consolePage } from './pages/layout.ts';

const CANCELLED = 'The call is cancelled, and its time is offered again.';
const MOVED = 'The call is moved, and the event in its host’s calendar follows it.';
const HOST_EMAILED = 'Its host is emailed.';
const BOTH_EMAILED =
  'Its host is emailed, and so is the visitor where their confirmation carried the call.';

/** What a press came to, by the word the redirect carries (the lead page's notices). */
export const CALL_WORDS = {
  // Said as the proxy can email (`notify/channels.ts`' emailChannelOn, and visitors' mailer,
  // `CONFIRMATION_FROM`): without a mail server the notice says nothing of email.
  call_cancelled: `${CANCELLED} ${BOTH_EMAILED}`,
  call_moved: `${MOVED} ${BOTH_EMAILED}`,
  call_cancelled_host: `${CANCELLED} ${HOST_EMAILED}`,
  call_moved_host: `${MOVED} ${HOST_EMAILED}`,
  call_cancelled_unmailed: CANCELLED,
  call_moved_unmailed: MOVED,
  call_taken: 'That time was just taken: the call stays where it was. Choose another time.',
  call_changed: 'The call changed since the page was drawn: here it is as it is now.',
} as const;

/** Who the proxy emails of a change: the host and visitor, the host only, or nobody. */
const emailedOf = (deps: CallChangeDeps) =>
  !deps.hostsTold ? '_unmailed' : deps.visitors ? '' : '_host';

/** What the routes read: the calls (absent: the form books none), and the hosts' feeds. */
export interface CallRoutesDeps {
  calls: CallChangeDeps | undefined;
  /** Each host's feed, kept and replaced in the outbox (`booking/host-feeds.ts`). */
  feeds: Pick<HostFeeds, 'feedOf' | 'keepFeed'>;
  /** The proxy's address as the firm reaches it (`console-address.ts`). */
  origin: (c: Context) => string;
  /** Writes a press to the audit log. */
  audit: (c: Context, action: string, reference: string, detail?: string) => Promise<void>;
  /** A host's calls that wait for a mark (`call-mark-route.ts` marks them). */
  marks: Pick<CallMarks, 'callsToMark'>;
  /** "Your calendar": a host's own calendar and the sign-ins the firm offers. */
  ownCalendar?: ((host: string) => Promise<OwnCalendarData>) | undefined;
}

/** The routes of staff's calls: a host's own, and a lead's moved or cancelled. */
export function callRoutes(options: CallRoutesDeps): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>();
  const { calls: deps, audit } = options;
  // There for every proxy (a form that books no calls has none to show).
  app.get('/admin/calls', needsTo('read leads'), async (c) => {
    const who = c.get('session');
    const host = who.personId === null ? null : who.email.toLowerCase();
    const hosting = deps && host !== null && hostsOf(deps.form.current().config).includes(host);
    const now = deps?.now() ?? Date.now();
    const body = hostCallsBody({
      host,
      calls: deps && host !== null ? await deps.store.hostBookings(host, now) : [],
      toMark: deps && host !== null ? await options.marks.callsToMark(host, now) : [],
      feed: hosting
        ? `${options.origin(c)}${await feedPath(options.feeds, host, { at: now, by: personOf(who) })}`
        : undefined,
      csrf: c.get('csrf'),
      now,
      done: markDoneText(c.req.query('done')) ?? feedDoneText(c.req.query('done')),
      ownCalendar: hosting ? await options.ownCalendar?.(host) : undefined,
    });
    const page = { title: 'Your calls', place: 'calls', csrf: c.get('csrf'), who, body } as const;
    return c.html(consolePage(page));
  });
  if (!deps) return app;
  app.post('/admin/leads/:reference/call/:press{cancel|move}', async (c) => {
    const reference = c.req.param('reference');
    const form = c.get('form');
    const call = await openCall(deps, form.uid ?? '');
    if (!call || call.booking.reference !== reference) return c.notFound();
    const sequence = Number(form.sequence);
    const by = { name: personOf(c.get('session')), visitor: false };
    const back = (word: keyof typeof CALL_WORDS) =>
      c.redirect(`/admin/leads/${reference}?done=${word}`, 303);
    if (!Number.isSafeInteger(sequence)) return back('call_changed');
    if (c.req.param('press') === 'cancel') {
      const done = await cancelCall(deps, call, sequence, by);
      if (done === 'changed') return back('call_changed');
      await audit(c, 'call cancelled', reference, call.booking.uid);
      return back(`call_cancelled${emailedOf(deps)}`);
    }
    const start = form.start ?? '';
    const moved = isSlotStart(start)
      ? await moveCall(deps, call, sequence, Date.parse(start), by)
      : 'unavailable';
    if (moved === 'changed') return back('call_changed');
    if (moved === 'taken' || moved === 'unavailable') return back('call_taken');
    await audit(c, 'call moved', reference, `${call.booking.uid} to ${start}`);
    return back(`call_moved${emailedOf(deps)}`);
  });
  return app;
}
