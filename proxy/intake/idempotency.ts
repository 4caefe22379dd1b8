/**
 * `Idempotency-Key` (IETF draft "The Idempotency-Key HTTP Header Field"), all in one place: which
 * keys are taken, what makes two requests "the same enquiry", what a repeat is answered, and how
 * long a key is remembered. The store keeps the keys (inside the transaction that stores the
 * submission, so two requests racing with one key make one enquiry); the policy lives here.
 */
import { createHash } from 'node:crypto';
import { PER_ATTEMPT_FIELDS } from '../contract/fields.ts';
import type { EnquiryPart } from '../contract/schemas/enquiry-part.ts';
import type { Logger } from '../logger.ts';
import { logFailure } from '../outbox/outage-log.ts';
import type { IntakeStore } from '../outbox/store.ts';
import type { Repeat } from '../outbox/submission.ts';
import { queued, type Answer } from './answers.ts';
import { Refusal } from '../http/refusal.ts';

/** The draft recommends a UUID; any visible ASCII up to 255 characters is accepted. */
const KEY = /^[\x21-\x7e]{1,255}$/;

/** Keys are forgotten after a day: a visitor's retries come within minutes, a reload within hours. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * A first request still unanswered this long after the visitor's deadline died with its
 * process: its submission is stored, so a retry is told it is queued rather than to wait.
 */
export const STALE_IN_FLIGHT_GRACE_MS = 30_000;

/** A request's key and what it sent. */
export interface Idempotency {
  key: string;
  fingerprint: string;
}

/**
 * The `Idempotency-Key` header's value, or undefined when there is none.
 *
 * @example idempotencyKeyOf('5f0c…') // '5f0c…'; idempotencyKeyOf('') throws a 400
 */
export function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (KEY.test(header)) return header;
  throw Refusal.worded(400, 'bad_request', { key: 'refusal.idempotencyKey' });
}

/**
 * What identifies an enquiry across its attempts: the enquiry part without its per-attempt
 * fields, and each file's name and contents. The multipart boundary, a renewed form token or
 * a new Turnstile token do not make a retry a different enquiry.
 */
export function fingerprintOf(
  part: EnquiryPart,
  files: readonly { name: string; sha256: string }[],
): string {
  const perAttempt: ReadonlySet<string> = new Set(PER_ATTEMPT_FIELDS);
  const content = Object.fromEntries(Object.entries(part).filter(([key]) => !perAttempt.has(key)));
  const json = JSON.stringify([content, files.map((file) => [file.name, file.sha256])]);
  return createHash('sha256').update(json).digest('hex');
}

/** Answers repeats of keys and remembers the answers given, for one outbox. */
export interface IdempotencyOptions {
  store: Pick<IntakeStore, 'saveResponse'>;
  now: () => number;
  /** How long a visitor waits for delivery before being told "queued". */
  deliveryDeadlineMs: number;
}

/**
 * The answer to a request whose key was seen before: the first request's answer again, "still
 * in progress" (409, retry in 2 s) while the first is being answered, or 422 for a different
 * body. A first request in flight long past its deadline died with its process: the retry is
 * told it is queued, and that answer is kept for the key.
 */
export async function answerRepeat(
  key: string,
  repeat: Repeat,
  { store, now, deliveryDeadlineMs }: IdempotencyOptions,
): Promise<Answer> {
  if (repeat.kind === 'replay') {
    return {
      status: repeat.status as Answer['status'],
      body: repeat.body as Answer['body'],
      headers: { 'Idempotent-Replayed': 'true' },
    };
  }
  if (repeat.kind === 'in_flight') {
    if (now() - repeat.since > deliveryDeadlineMs + STALE_IN_FLIGHT_GRACE_MS) {
      const answer = queued(repeat.reference);
      await store.saveResponse(key, answer.status, answer.body);
      return answer;
    }
    const message = 'This enquiry is still being sent. Try again in a moment.';
    return {
      status: 409,
      // Its reference: it is stored, and a page can say so (the form without JavaScript).
      body: { error: 'in_progress', message, reference: repeat.reference },
      headers: { 'Retry-After': '2' },
    };
  }
  const message =
    'This Idempotency-Key was already used for a different enquiry. Send it with a new key.';
  return { status: 422, body: { error: 'idempotency_key_reused', message } };
}

/** Keeps the answer given for a key; a failure to keep it is logged, never the visitor's problem. */
export async function rememberAnswer(
  key: string,
  answer: Answer,
  { store }: Pick<IdempotencyOptions, 'store'>,
  log: Logger,
): Promise<void> {
  try {
    await store.saveResponse(key, answer.status, answer.body);
  } catch (error) {
    logFailure(log, error, {}, 'could not keep the answer for its Idempotency-Key');
  }
}
