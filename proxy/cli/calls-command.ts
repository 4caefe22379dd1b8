/**
 * `npm run outbox -- calls mark <reference> attended|no-show` (`docs/booking.md`, "Whether the
 * call took place"): a lead's call marked as having taken place or missed by the visitor, as
 * staff mark it in the console, counted in the funnel and announced to the webhooks that ask
 * (`call.attended`, `call.no_show`) by the running proxy; each mark in the audit log.
 */
import { MARK_NAMES, markInWords, markLeadCall } from '../booking/call-marks.ts';
import type { AuditLog, BookingStore, CallMarks } from '../outbox/store.ts';
import type { CommandIo } from './command-io.ts';

const USAGE = 'Usage: npm run outbox -- calls mark <reference> attended|no-show';

/** What the command reads and writes. */
export type CallsCommandStore = Pick<BookingStore, 'bookingsOf'> &
  Pick<CallMarks, 'markCall'> &
  Pick<AuditLog, 'recordAudit'>;

/** `calls mark <reference> attended|no-show`; its exit code. */
export async function callsCommand(
  args: readonly string[],
  store: CallsCommandStore,
  io: CommandIo,
): Promise<number> {
  const [verb, reference, mark, ...extra] = args;
  const outcome = mark === undefined ? undefined : MARK_NAMES[mark];
  if (verb !== 'mark' || !reference || !outcome || extra.length > 0) {
    io.err(
      verb === 'mark' && mark !== undefined && !outcome
        ? `"${mark}" is not a mark: write attended or no-show.\n${USAGE}`
        : USAGE,
    );
    return 2;
  }
  const at = io.now();
  const done = await markLeadCall(store, reference, { outcome, by: 'command line', at });
  if (done.kind !== 'marked') {
    io.err(markInWords(done, reference));
    return 1;
  }
  if (done.previous !== outcome)
    await store.recordAudit({
      at,
      client: 'cli',
      action: 'call marked',
      reference,
      detail: mark,
    });
  io.out(markInWords(done, reference));
  return 0;
}
