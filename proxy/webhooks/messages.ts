/**
 * What a webhook says: the event and the enquiry as the firm's platform received it (its
 * fields, the answers and consent with their labels, the attribution), each file's name, kind,
 * size and SHA-256, and, for an endpoint that asks (`includeFiles`), the files' bytes in base64
 * within `WEBHOOK_FILES_MAX_BYTES`. The body is written once, when the message is queued, and
 * every retry sends the same bytes.
 */
import { randomBytes } from 'node:crypto';
import { readAll } from '../client/byte-source.ts';
import type { UpstreamEnquiry } from '../client/schemas.ts';
import { enquiryAsSent } from '../outbox/lead-routing.ts';
import type { CallOutcome, StoredBooking } from '../outbox/booking.ts';
import type { FileSource } from '../outbox/store.ts';
import type { StoredFile, Submission } from '../outbox/submission.ts';
import type { NewWebhookDelivery, WebhookEvent } from '../outbox/webhook.ts';
import type { WebhookEndpoint } from './webhook-env.ts';

/** How one file fared with the platform. */
type FileOutcome = 'pending' | 'uploaded' | 'refused' | 'skipped';

/** One file in a message. */
export interface WebhookFile {
  index: number;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  outcome: FileOutcome;
  /** The platform's reason, when it refused the file. */
  refused?: string;
  /** With `includeFiles`: the bytes in base64, or null with the reason they are not here. */
  content?: string | null;
  contentOmitted?: 'too_large' | 'not_kept';
}

/** A message's body, in the Standard Webhooks shape (`type`, `timestamp`, `data`). */
export interface WebhookBody {
  type: WebhookEvent;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  data: {
    reference: string;
    receivedAt: string;
    /** The platform's enquiry id, once created there (delivered, and failed after the create). */
    enquiryId: number | null;
    /** `delivered`, or `partial` when the platform refused a file (enquiry.delivered). */
    state: Submission['state'];
    /** Why it was given up (enquiry.failed). */
    reason?: string;
    /** The id of the team it was routed to (`routed_to`), when the form routes leads. */
    routedTo?: string;
    /** The reference of the earlier lead from the same person (`repeat_of`), when it repeats one. */
    repeatOf?: string;
    /** As the platform is sent it: `routed_to` and `repeat_of` among its meta entries. */
    enquiry: UpstreamEnquiry;
    files: WebhookFile[];
    /** The call, as staff marked it (`call.attended`, `call.no_show`). */
    call?: WebhookCall;
  };
}

/** A call in a call's event: when (ISO 8601, UTC; the firm's zone named), with whom, the mark. */
export interface WebhookCall {
  start: string;
  end: string;
  timeZone: string;
  host: string;
  outcome: CallOutcome;
  markedAt: string;
  markedBy: string;
}

/** `booking` as a call's event says it. */
const callOf = (booking: StoredBooking): WebhookCall => ({
  start: new Date(booking.start).toISOString(),
  end: new Date(booking.end).toISOString(),
  timeZone: booking.timeZone,
  host: booking.host,
  outcome: booking.outcome ?? 'attended',
  markedAt: new Date(booking.markedAt ?? booking.start).toISOString(),
  markedBy: booking.markedBy ?? '',
});

const outcomeOf = (file: StoredFile): FileOutcome =>
  file.attachmentId !== null
    ? 'uploaded'
    : file.skipped
      ? 'skipped'
      : file.failure !== null
        ? 'refused'
        : 'pending';

/** The files, with their bytes within `budget` when `include`. */
async function filesOf(
  submission: Submission,
  include: boolean,
  budget: number,
  store: FileSource,
): Promise<WebhookFile[]> {
  let left = budget;
  const files: WebhookFile[] = [];
  for (const file of submission.files) {
    const described: WebhookFile = {
      index: file.index,
      name: file.name,
      mime: file.mime,
      size: file.size,
      sha256: file.sha256,
      outcome: outcomeOf(file),
      ...(file.failure === null ? {} : { refused: file.failure }),
    };
    files.push(described);
    if (!include) continue;
    if (file.size > left) {
      Object.assign(described, { content: null, contentOmitted: 'too_large' });
      continue;
    }
    // The platform has a delivered file; the outbox keeps only its name, size and hash.
    const bytes = await store
      .fileSource(submission.id, file.index)
      .then(readAll)
      .catch(() => undefined);
    if (!bytes) {
      Object.assign(described, { content: null, contentOmitted: 'not_kept' });
      continue;
    }
    described.content = Buffer.from(bytes).toString('base64');
    left -= file.size;
  }
  return files;
}

/** When an event happened. */
const eventTime = (
  event: WebhookEvent,
  submission: Submission,
  now: number,
  call: StoredBooking | undefined,
) =>
  event === 'enquiry.received'
    ? submission.receivedAt
    : event === 'enquiry.delivered'
      ? (submission.deliveredAt ?? now)
      : (call?.markedAt ?? now);

/** A new message id: `msg_` and 128 random bits, kept with the message for every retry. */
export const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

/** The delivery of `event` about `submission` to `endpoint`, ready to queue. */
export async function webhookDelivery(
  endpoint: WebhookEndpoint,
  event: WebhookEvent,
  submission: Submission,
  options: { store: FileSource; filesMaxBytes: number; now: number; call?: StoredBooking },
): Promise<NewWebhookDelivery> {
  const { call } = options;
  const body: WebhookBody = {
    type: event,
    timestamp: new Date(eventTime(event, submission, options.now, call)).toISOString(),
    data: {
      reference: submission.reference,
      receivedAt: new Date(submission.receivedAt).toISOString(),
      enquiryId: submission.enquiryId,
      state: submission.state,
      ...(event === 'enquiry.failed' ? { reason: submission.note ?? 'given up' } : {}),
      ...(submission.routing ? { routedTo: submission.routing.team } : {}),
      ...(submission.routing?.repeatOf ? { repeatOf: submission.routing.repeatOf } : {}),
      enquiry: enquiryAsSent(submission),
      // A call's event names the files; their bytes went with the enquiry's own events.
      files: await filesOf(
        submission,
        endpoint.includeFiles && !call,
        options.filesMaxBytes,
        options.store,
      ),
      ...(call ? { call: callOf(call) } : {}),
    },
  };
  return {
    messageId: newMessageId(),
    endpoint: endpoint.url,
    event,
    reference: submission.reference,
    body: JSON.stringify(body),
    at: options.now,
  };
}
