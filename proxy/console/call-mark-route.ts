/**
 * Staff marking whether a lead's call took place (`docs/booking.md`, "Whether the call took
 * place"): `POST /admin/leads/<reference>/call/mark` with `outcome` (`attended`, `no_show`), from
 * the lead's page or "Your calls" (`back`), with the console's CSRF token. Mounted under
 * `/admin/leads/*`, so it needs what the lead's other actions need (`needsTo('read leads')`);
 * each mark that changes something is in the audit log with who made it.
 */
import { Hono, type Context } from 'hono';
import { isCallOutcome, markLeadCall } from '../booking/call-marks.ts';
import type { BookingStore, CallMarks } from '../outbox/store.ts';
import { personOf, type ConsoleVariables } from './access.ts';

/** What a mark came to, by the word the redirect carries (the pages' notices). */
export const MARK_DONE = {
  call_attended: 'The call is marked: it took place.',
  call_no_show: 'The call is marked: the visitor did not come.',
  call_not_begun: 'The call has not begun: mark it once it has.',
  call_gone: 'The call was cancelled: there is nothing to mark.',
} as const;

/** The notice of `word` (only MARK_DONE's own words); undefined for any other. */
export const markDoneText = (word: string | undefined) =>
  word !== undefined && Object.hasOwn(MARK_DONE, word)
    ? MARK_DONE[word as keyof typeof MARK_DONE]
    : undefined;

/** What the route reads and writes. */
export interface CallMarkRouteDeps {
  store: Pick<BookingStore, 'bookingsOf'> & Pick<CallMarks, 'markCall'>;
  now: () => number;
  /** Writes a press to the audit log. */
  audit: (c: Context, action: string, reference: string, detail?: string) => Promise<void>;
}

/** The route of a call's mark. */
export function callMarkRoute(deps: CallMarkRouteDeps): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>();
  app.post('/admin/leads/:reference/call/mark', async (c) => {
    const reference = c.req.param('reference');
    const form = c.get('form');
    const outcome = form.outcome;
    if (!isCallOutcome(outcome)) return c.text('Choose “Took place” or “Did not come”.', 400);
    const by = personOf(c.get('session'));
    const done = await markLeadCall(deps.store, reference, { outcome, by, at: deps.now() });
    if (done.kind === 'not_found') return c.notFound();
    if (done.kind === 'marked' && done.previous !== outcome)
      await deps.audit(c, 'call marked', reference, outcome);
    const word: keyof typeof MARK_DONE =
      done.kind === 'marked'
        ? `call_${outcome}`
        : done.kind === 'cancelled'
          ? 'call_gone'
          : 'call_not_begun';
    const back = form.back === 'calls' ? '/admin/calls' : `/admin/leads/${reference}`;
    return c.redirect(`${back}?done=${word}`, 303);
  });
  return app;
}
