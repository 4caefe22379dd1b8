/**
 * What `POST /api/enquiries` answers once a submission is stored. Once stored, the answer
 * always tells the visitor the enquiry is safe: delivered, or queued to be delivered.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type {
  AnswerCall,
  DeliveredResponse,
  ErrorResponse,
  QueuedResponse,
} from '../contract/wire.ts';
import type { AttemptResult } from '../outbox/attempt-result.ts';
import type { Submission } from '../outbox/submission.ts';

/** An answer to give: status, JSON body, and any headers that go with it. */
export interface Answer {
  status: ContentfulStatusCode;
  body: DeliveredResponse | QueuedResponse | ErrorResponse;
  headers?: Record<string, string>;
}

/** `202`: stored, and delivered as soon as the platform takes it. */
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

/**
 * A taken enquiry's answer with its receipt code and its call (booked, or not held, in the
 * visitor's words); a refusal's as it is.
 */
export function withReceipt(
  answer: Answer,
  receipt: string | undefined,
  call?: AnswerCall,
): Answer {
  if (!('status' in answer.body)) return answer;
  return {
    ...answer,
    body: { ...answer.body, ...(receipt ? { receipt } : {}), ...(call ? { call } : {}) },
  };
}

/** The answer after a delivery attempt the visitor waited for. */
export function answerFor(reference: string, result: AttemptResult): Answer {
  if (result.state === 'delivered')
    return delivered(reference, result.submission, result.enquiryId);
  if (result.state === 'queued' || result.received) return queued(reference);
  // The enquiry reached the platform, but a file was refused: the visitor's enquiry is in.
  if (result.submission.enquiryId !== null)
    return delivered(reference, result.submission, result.submission.enquiryId);
  const message = `We could not pass your enquiry on. Please contact us and quote the reference ${reference}.`;
  return { status: 502, body: { error: 'upstream_rejected', message, reference } };
}
