/**
 * One submission, from the first POST to an outcome the visitor can act on. What a person could
 * not usefully decide is handled here without asking: a `409` (the proxy is still busy with the
 * same key) is waited out. A `422` (the key was used for a different body) is not re-sent: the
 * widget makes a new key whenever the content changes, so a 422 means something is inconsistent,
 * and sending again at once could make a second lead. It fails, and gets a fresh key for the
 * visitor's retry, which can then still get through.
 */
import type { AnswerCall, FieldIssue } from '#contract';
import { NetworkError, postForm, type PostAnswer } from './transport.ts';

/** Why a send failed, as `enquiry-failed` reports it. */
export type FailureReason =
  'network' | 'server' | 'rate-limited' | 'rejected' | 'forbidden' | 'too-large';

/** `detail` of the `enquiry-submitted` event. */
export interface EnquirySubmittedDetail {
  reference: string;
  status: 'delivered' | 'queued';
  enquiryId?: number;
  /** The receipt code the firm can verify (`npm run outbox -- verify-receipt`). */
  receipt?: string;
  /**
   * The call it booked (its time, calendar file and page), or the call asked for and not held
   * (the booking limits): what the visitor is told.
   */
  call?: AnswerCall | undefined;
}

/** `detail` of the `enquiry-failed` event. */
export interface EnquiryFailedDetail {
  reason: FailureReason;
  /** The HTTP status, when the proxy answered. */
  status?: number;
  /** What the visitor was told. */
  message: string;
  /** Present when the proxy stored the enquiry but the platform refused it (`502`). */
  reference?: string;
}

/** A failed send, with what the visitor needs to know to try again. */
export interface Failure {
  reason: FailureReason;
  status?: number;
  reference?: string;
  /** Seconds to wait, from `Retry-After` on a `429`. */
  retryAfter?: number;
}

/** How one send ended: taken, refused with field issues, or failed. */
export type Outcome =
  | { kind: 'sent'; detail: EnquirySubmittedDetail }
  | { kind: 'invalid'; issues: FieldIssue[] }
  | ({ kind: 'failed' } & Failure);

/** One send: where, what, under which key, and who to tell about progress. */
export interface SendOptions {
  url: string;
  body: FormData;
  idempotencyKey: string;
  /** Told after a `422`, so that the visitor's retry goes under a new key. */
  onNewKey: () => void;
  onProgress: (fraction: number) => void;
}

/** How often a `409` is waited out before the visitor is asked to try again. */
const BUSY_RETRIES = 3;
/** The longest wait between them, whatever `Retry-After` says: the visitor is watching. */
const BUSY_WAIT_MAX_SECONDS = 5;

/** Waits `seconds`. */
export const sleep = (seconds: number) => new Promise((done) => setTimeout(done, seconds * 1000));

/** Sends the enquiry; never rejects for anything the network or the proxy does. */
export async function sendEnquiry(options: SendOptions): Promise<Outcome> {
  let busy = 0;
  for (;;) {
    let answer: PostAnswer;
    try {
      answer = await postForm(options.url, options.body, {
        idempotencyKey: options.idempotencyKey,
        onProgress: options.onProgress,
      });
    } catch (error) {
      if (error instanceof NetworkError) return { kind: 'failed', reason: 'network' };
      throw error;
    }
    if (answer.status === 409 && busy < BUSY_RETRIES) {
      busy += 1;
      await sleep(Math.min(answer.retryAfter ?? busy, BUSY_WAIT_MAX_SECONDS));
    } else {
      if (answer.status === 422) options.onNewKey();
      return classify(answer);
    }
  }
}

interface AnswerBody {
  status?: unknown;
  reference?: unknown;
  enquiryId?: unknown;
  receipt?: unknown;
  call?: AnswerCall;
  issues?: unknown;
}

const isIssue = (value: unknown): value is FieldIssue =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FieldIssue).field === 'string' &&
  typeof (value as FieldIssue).code === 'string';

function classify({ status, body: raw, retryAfter }: PostAnswer): Outcome {
  const body: AnswerBody = typeof raw === 'object' && raw !== null ? raw : {};
  const reference = typeof body.reference === 'string' ? body.reference : undefined;
  if (status >= 200 && status < 300 && reference) {
    const queued = status === 202 || body.status === 'queued';
    const detail: EnquirySubmittedDetail = { reference, status: queued ? 'queued' : 'delivered' };
    if (!queued && typeof body.enquiryId === 'number') detail.enquiryId = body.enquiryId;
    if (typeof body.receipt === 'string') detail.receipt = body.receipt;
    detail.call = body.call;
    return { kind: 'sent', detail };
  }
  if ((status === 400 || status === 415) && Array.isArray(body.issues)) {
    const issues = body.issues.filter(isIssue);
    if (issues.length > 0) return { kind: 'invalid', issues };
  }
  const failed = (reason: FailureReason, extra?: Partial<Failure>): Outcome => ({
    kind: 'failed',
    reason,
    status,
    ...extra,
  });
  if (status === 413) return failed('too-large');
  if (status === 403) return failed('forbidden');
  if (status === 429) return failed('rate-limited', retryAfter === undefined ? {} : { retryAfter });
  if (status === 502 && reference) return failed('rejected', { reference });
  return failed('server');
}
