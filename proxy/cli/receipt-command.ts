/**
 * `npm run outbox -- verify-receipt <code>`: whether the enquiry a visitor's receipt code names
 * was received, when, and what became of it (docs/confirmation-email.md). A code given to a
 * caught bot (its answer must look like a person's) is never vouched for as an enquiry the firm
 * received: it is said to be spam, unless an operator released it.
 */
import { isoTime } from '../operator/lead-report.ts';
import type { OperatorView, Receipts, Settings } from '../outbox/store.ts';
import { normalizeCode, verifyReceipt } from '../intake/receipt-code.ts';
import type { CommandIo } from './command-io.ts';

/** The exit code of a code issued to an enquiry caught as spam and never released. */
const CAUGHT_AS_SPAM = 3;

/** Runs `verify-receipt <code>`; returns the exit code (0 received, 1 unknown, 3 spam). */
export async function verifyReceiptCommand(
  args: readonly string[],
  store: Receipts & Settings & Pick<OperatorView, 'get'>,
  io: CommandIo,
): Promise<number> {
  if (!args[0]) {
    io.err('Name a receipt code, like verify-receipt 7K3M-9QXD-2F4B-HT8W.');
    return 2;
  }
  const receipt = await verifyReceipt(store, args[0]);
  if (!receipt) {
    io.err(`No enquiry was received with the receipt code ${normalizeCode(args[0])}.`);
    return 1;
  }
  const received = `Received: ${receipt.reference} at ${isoTime(receipt.receivedAt)}`;
  const spam = receipt.caughtAs !== undefined && receipt.releasedAt === undefined;
  io.out(spam ? `${received}.` : `${received}; the code matches what was stored then.`);
  if (receipt.caughtAs !== undefined)
    io.out(
      receipt.releasedAt === undefined
        ? `Caught as spam by the bot checks (${receipt.caughtAs}): it was not sent to the firm, and nobody at the firm saw it unless they looked through the spam.`
        : `Caught as spam by the bot checks (${receipt.caughtAs}), then released by an operator at ${isoTime(receipt.releasedAt)} and sent on to the firm.`,
    );
  const submission = await store.get(receipt.reference);
  io.out(
    submission
      ? `Still in the outbox (${submission.state}): npm run outbox -- show ${receipt.reference}`
      : 'No longer in the outbox (removed by retention or erasure); the receipt is kept.',
  );
  return spam ? CAUGHT_AS_SPAM : 0;
}
