/**
 * What the webhooks about an unfinished enquiry say (`docs/webhooks.md`, `docs/unfinished.md`):
 * `enquiry.unfinished`, a record kept with its visitor's consent, as the firm reads it in the
 * console (who, what about, what was typed, the consent as given, when it is erased); and
 * `enquiry.finished`, the enquiry that took that record over, naming both, so a receiver drops
 * the unfinished lead it made. Each is written once, when it is queued.
 */
import { whoKept, type FinishedUnfinished, type UnfinishedRecord } from '../outbox/unfinished.ts';
import type { NewWebhookDelivery } from '../outbox/webhook.ts';
import { newMessageId } from './messages.ts';
import type { WebhookEndpoint } from './webhook-env.ts';

const iso = (at: number) => new Date(at).toISOString();

/** The body of `enquiry.unfinished`: the record as it was when first queued. */
export interface UnfinishedWebhookBody {
  type: 'enquiry.unfinished';
  /** When it was first kept. */
  timestamp: string;
  data: {
    /** The record's id: what `enquiry.finished` names as `supersedes`. */
    id: string;
    name: string;
    email: string;
    telephone: string;
    caseType: string;
    campaign: string;
    /** Question id → the answer as typed. */
    answers: Record<string, string | string[]>;
    /** The box's words as the visitor read them, in their language, and when they ticked it. */
    consent: { statement: string; lang: string; at: string };
    /** When it is erased unless it changes first (`keepDays` after its last change). */
    expiresAt: string;
  };
}

/** The body of `enquiry.finished`: the sent enquiry `reference` took over the record `supersedes`. */
export interface FinishedWebhookBody {
  type: 'enquiry.finished';
  /** When the enquiry took the record over. */
  timestamp: string;
  data: { supersedes: string; reference: string };
}

/** A message about `reference` (the record's id) to `endpoint`, ready to queue. */
const delivery = (
  endpoint: WebhookEndpoint,
  body: UnfinishedWebhookBody | FinishedWebhookBody,
  reference: string,
  now: number,
): NewWebhookDelivery => ({
  messageId: newMessageId(),
  endpoint: endpoint.url,
  event: body.type,
  reference,
  body: JSON.stringify(body),
  at: now,
});

/** `enquiry.unfinished` about `record` to `endpoint`. */
export function unfinishedDelivery(
  endpoint: WebhookEndpoint,
  record: UnfinishedRecord,
  now: number,
): NewWebhookDelivery {
  const { fields } = record;
  const body: UnfinishedWebhookBody = {
    type: 'enquiry.unfinished',
    timestamp: iso(record.createdAt),
    data: {
      ...whoKept(record),
      answers: fields.answers,
      consent: {
        statement: record.consent.statement,
        lang: record.lang,
        at: iso(record.consent.at),
      },
      expiresAt: iso(record.expiresAt),
    },
  };
  return delivery(endpoint, body, record.id, now);
}

/** `enquiry.finished` about the record `finished.id` to `endpoint`. */
export function finishedDelivery(
  endpoint: WebhookEndpoint,
  finished: FinishedUnfinished,
  now: number,
): NewWebhookDelivery {
  const body: FinishedWebhookBody = {
    type: 'enquiry.finished',
    timestamp: iso(finished.at),
    data: { supersedes: finished.id, reference: finished.reference },
  };
  return delivery(endpoint, body, finished.id, now);
}
