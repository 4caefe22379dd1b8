/**
 * What `POST /api/enquiries` answers once a submission is stored, or when its Idempotency-Key
 * was seen before. Once stored, the answer always tells the visitor the enquiry is safe.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { DeliveredResponse, ErrorResponse, QueuedResponse } from '../contract/wire.ts';
import type { AttemptResult } from '../outbox/deliverer.ts';
import type { AcceptOutcome, Submission } from '../outbox/store.ts';

export interface Answer {
  status: ContentfulStatusCode;
  body: DeliveredResponse | QueuedResponse | ErrorResponse;
}

export type Repeat = Exclude<AcceptOutcome, { kind: 'stored' }>;

export const queued = (reference: string): Answer => ({
  status: 202,
  body: { status: 'queued', reference },
});

const delivered = (reference: string, submission: Submission, enquiryId: number): Answer => ({
  status: 201,
  body: {
    status: 'delivered',
    reference,
    enquiryId,
    files: submission.files.map((file) => ({
      name: file.name,
      status: file.attachmentId === null ? ('failed' as const) : ('delivered' as const),
    })),
  },
});

/** The answer after a delivery attempt the visitor waited for. */
export function answerFor(reference: string, result: AttemptResult): Answer {
  if (result.state === 'delivered')
    return delivered(reference, result.submission, result.enquiryId);
  if (result.state === 'queued') return queued(reference);
  // The enquiry reached the platform, but a file was refused: the visitor's enquiry is in.
  if (result.submission.enquiryId !== null)
    return delivered(reference, result.submission, result.submission.enquiryId);
  const message = `We could not pass your enquiry on. Please contact us and quote the reference ${reference}.`;
  return { status: 502, body: { error: 'upstream_rejected', message, reference } };
}

/**
 * The answer to a request whose Idempotency-Key was seen before. A first request still "in
 * flight" long after the visitor's deadline died with its process: its submission is stored,
 * so the retry is told it is queued rather than to wait forever.
 */
export function answerForRepeat(
  c: Context,
  repeat: Repeat,
  now: number,
  staleAfterMs: number,
): Answer {
  if (repeat.kind === 'replay') {
    c.header('Idempotent-Replayed', 'true');
    return { status: repeat.status as ContentfulStatusCode, body: repeat.body as Answer['body'] };
  }
  if (repeat.kind === 'in_flight') {
    if (now - repeat.since > staleAfterMs) return queued(repeat.reference);
    c.header('Retry-After', '2');
    const message = 'This enquiry is still being sent. Try again in a moment.';
    return { status: 409, body: { error: 'in_progress', message } };
  }
  const message =
    'This Idempotency-Key was already used for a different enquiry. Send it with a new key.';
  return { status: 422, body: { error: 'idempotency_key_reused', message } };
}
