/**
 * What an accepted enquiry is stored with besides itself: its receipt (always, when the app has
 * the receipts' key), its sender's mailbox key (which a later enquiry's repeat is found by), the confirmation email to its sender, when the configuration asks for
 * one, the environment can send it, the sender is a person (caught bots, Turnstile's failures
 * included, get none) who gave an email address, and ticked "Send me a copy" where asked, and
 * its team with the notice to it (`lead-routing.ts`). How often one mailbox or client gets a
 * confirmation, and how many go in an hour in all, is bounded in the outbox, in the same
 * transaction.
 */
import type { UpstreamEnquiry } from '../client/schemas.ts';
import type { EnquiryPart } from '../contract/schemas/enquiry-part.ts';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import { confirmationMail } from '../notify/confirmation-email.ts';
import type { ConfirmationEvent } from '../notify/events.ts';
import {
  CONFIRMATION_CEILING,
  type Aftercare,
  type ConfirmationRequest,
} from '../outbox/receipt.ts';
import type { VisitorReading } from './check-submission.ts';
import { routingFor, type RoutingDeps } from './lead-routing.ts';
import { keyedSubject, mailboxKey, mailboxOf } from '../outbox/mailbox.ts';
import { newReceipt } from './receipt-code.ts';
import type { VisitorCall } from './visitor-call.ts';

const HOUR_MS = 3_600_000;

/** The app's part in it (`AppDeps.aftercare`), routing's included. */
export interface AftercareDeps extends RoutingDeps {
  /** The receipts' key (kept in the outbox's settings: `receipt-code.ts`). */
  receiptSecret: string;
  /** True when `SMTP_URL` and `CONFIRMATION_FROM` are set: confirmations can be sent. */
  emailOn: boolean;
}

/** One accepted submission, as the route has it just before storing it. */
export interface AcceptedSubmission {
  reference: string;
  receivedAt: number;
  upstream: UpstreamEnquiry;
  visitor: VisitorReading;
  files: readonly { name: string; sha256: string }[];
  part: EnquiryPart;
  human: boolean;
  /** Why the bot checks caught it, when `human` is false (kept with its receipt). */
  caughtAs?: string | undefined;
  /** The client's rate-limit key (its address, or its /64 for IPv6). */
  client: string;
  /** The call it books, as its confirmation tells the visitor (`visitor-call.ts`). */
  call?: VisitorCall | undefined;
  /**
   * The call it asked for that the booking limits did not hold: what the visitor is told
   * (`call-booking.ts`, `notHeld`), and their enquiry with its time as preferred.
   */
  callNotHeld?: string | undefined;
  visitorEnquiry?: UpstreamEnquiry | undefined;
}

/** The receipt, any confirmation and the lead's team to store with `submission`. */
export function aftercareFor(
  config: FormConfig,
  deps: AftercareDeps,
  submission: AcceptedSubmission,
): Aftercare {
  const receipt = newReceipt(deps.receiptSecret, submission);
  const confirmation = confirmationFor(config, deps, submission, receipt.code);
  // Every lead's, routed or not, so that a lead sent once routing is on finds one sent before.
  const mailbox = mailboxKey(deps.receiptSecret, submission.upstream.email);
  // The team's notice says a call booked in the firm's words, not as the answer's ISO start.
  const { call } = submission;
  const routed = call
    ? { ...submission, upstream: answeredAs(submission.upstream, call.question, call.firmWhen) }
    : submission;
  const routing = routingFor(config, deps, routed, mailbox);
  return {
    receipt,
    ...(mailbox ? { mailboxKey: mailbox } : {}),
    ...(confirmation ? { confirmation } : {}),
    ...(routing ? { routing } : {}),
  };
}

/** `enquiry` with the answer to `question` written as `words`, for people to read. */
const answeredAs = (enquiry: UpstreamEnquiry, question: string, words: string) => ({
  ...enquiry,
  meta: enquiry.meta.map((entry) => (entry.id === question ? { ...entry, value: words } : entry)),
});

function confirmationFor(
  config: FormConfig,
  deps: AftercareDeps,
  submission: AcceptedSubmission,
  receiptCode: string,
): ConfirmationRequest | undefined {
  const wanted = config.confirmation;
  const to = submission.upstream.email.trim();
  if (!wanted || !deps.emailOn || !submission.human || to === '') return undefined;
  if (wanted.optIn && submission.part.send_copy !== true) return undefined;
  const { reference, receivedAt, files, visitor, call, callNotHeld } = submission;
  // Who gets one and how often is the same in every language; what it says is the visitor's.
  const written = visitor.form.confirmation ?? wanted;
  const caseType = visitor.form.caseTypes.find((each) => each.id === visitor.enquiry.case_type);
  const facts = {
    reference,
    receivedAt,
    receiptCode,
    upstream: submission.visitorEnquiry ?? visitor.enquiry,
    files,
    // "Your answers" gives the call in the visitor's words, on their clock: never its ISO start.
    ...(call
      ? { call: { when: call.when, link: call.link, place: call.place, question: call.question } }
      : {}),
    ...(callNotHeld ? { callNotHeld } : {}),
  };
  const mail = confirmationMail(written, caseType, facts, visitor);
  const payload: ConfirmationEvent = {
    event: 'confirmation',
    reference,
    to,
    ...mail,
    ...(call ? { invitation: call.invitation } : {}),
  };
  // Keyed hashes: the quota table never holds an address, and cannot be reversed without the key.
  // A call's confirmation counts apart from other enquiries' (the same limits, its own count), so
  // that enquiries sent earlier that day never leave a visitor's own call without its email.
  const counted = call ? 'call-' : '';
  const subject = (kind: string, value: string) =>
    keyedSubject(deps.receiptSecret, `${counted}${kind}`, value);
  return {
    // One key per submission: it is queued once, whatever happens after.
    notification: {
      key: `confirmation:${reference}`,
      channel: 'email',
      kind: 'confirmation',
      reference,
      payload,
      at: receivedAt,
    },
    // The ceiling last: a confirmation another quota refuses never takes a place under it.
    quotas: [
      {
        // By the mailbox, so `victim+1@…`, `victim+2@…` and Gmail's dotted forms are one.
        subject: subject('address', mailboxOf(to)),
        windowMs: 24 * HOUR_MS,
        limit: wanted.limits.perAddressPerDay,
      },
      {
        subject: subject('client', submission.client),
        windowMs: HOUR_MS,
        limit: wanted.limits.perClientPerHour,
      },
      { ...CONFIRMATION_CEILING, limit: wanted.limits.perHour },
    ],
  };
}
