/**
 * The pass to the confirmation page (`GET /form/sent`): what a taken plain post is redirected
 * with, signed (HMAC-SHA256) and good for a few minutes; with the call it booked, its page's
 * address (the link's secret in it, as the visitor's own email has it). The page shows only what a pass says,
 * so a link anyone can write cannot show the firm's "Enquiry sent" for an enquiry that never
 * existed, or a reference and receipt code of the sender's choosing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AnswerCall, BookedCall } from '../../contract/wire.ts';
import { RECEIPT_SHAPE, type TakenPost } from './page-addresses.ts';

/** How long a pass shows its confirmation: a reload or two, not a link to keep. */
export const SENT_PASS_MS = 15 * 60_000;

/** What a pass says: the post taken, and the way back to the site. */
export interface SentPage {
  taken: TakenPost;
  back?: string;
}

/** Issues passes and reads them back, with one key. */
export interface SentPasses {
  /** A pass to the confirmation of `page`, good from now for `SENT_PASS_MS`. */
  issue(page: SentPage): string;
  /** What a pass says, or undefined when it is not ours, was altered or has expired. */
  read(pass: string): SentPage | undefined;
}

/** A booked call as a pass carries it: start, end, the firm's zone, its page, its file, emailed. */
type CallFields = [string, string, string, string, string, boolean];

const callFields = (call: BookedCall): CallFields => [
  call.start,
  call.end,
  call.timeZone,
  call.page,
  call.calendar,
  call.emailed,
];

/** The call a pass carries: its fields when booked, the visitor's words when not held. */
const callOf = (call: CallFields | string): AnswerCall => {
  if (typeof call === 'string') return { status: 'not_held', message: call };
  const [start, end, timeZone, page, calendar, emailed] = call;
  return { status: 'booked', start, end, timeZone, page, calendar, emailed };
};

/** A reference as `intake/reference.ts` makes them. */
const REFERENCE_SHAPE = /^EQ-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

/**
 * Passes keyed from `secret` (the form tokens' secret, which every instance shares), under a
 * key of their own, so a form token's signature never passes for a pass's.
 *
 * @example const passes = createSentPasses(secret); passes.read(passes.issue(page)) // page
 */
export function createSentPasses(secret: string, now: () => number = Date.now): SentPasses {
  const key = createHmac('sha256', secret).update('form/sent pass').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    issue({ taken, back }) {
      const fields = [taken.reference, taken.status, taken.receipt ?? '', back ?? ''];
      // The call last, so a pass issued before calls were carried reads as it did: a booked
      // one as its fields, one not held as the words the visitor is told.
      const { call } = taken;
      const said = call ? [call.status === 'booked' ? callFields(call) : call.message] : [];
      const payload = Buffer.from(
        JSON.stringify([...fields, now() + SENT_PASS_MS, ...said]),
      ).toString('base64url');
      return `${payload}.${sign(payload).toString('base64url')}`;
    },
    read(pass) {
      const [payload = '', signature = '', ...rest] = pass.split('.');
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(payload);
      if (rest.length > 0 || given.length !== expected.length || !timingSafeEqual(given, expected))
        return undefined;
      const [reference, status, receipt, back, until, call] = JSON.parse(
        Buffer.from(payload, 'base64url').toString('utf8'),
      ) as [string, string, string, string, number, CallFields | string | undefined];
      if (until < now() || !REFERENCE_SHAPE.test(reference)) return undefined;
      return {
        taken: {
          reference,
          status: status === 'delivered' ? 'delivered' : 'queued',
          ...(RECEIPT_SHAPE.test(receipt) ? { receipt } : {}),
          ...(call === undefined ? {} : { call: callOf(call) }),
        },
        ...(back ? { back } : {}),
      };
    },
  };
}
