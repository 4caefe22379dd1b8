/** How the outbox's rows look in SQL (the same columns in SQLite and PostgreSQL), and how they become `Submission`s. */
import type { UpstreamEnquiry } from '../client/schemas.ts';
import { kindOfMime } from '../contract/file-kinds.ts';
import type { NewNotification, QueuedNotification } from './notification.ts';
import type { OutboxCounts, StoredFile, Submission, SubmissionState } from './submission.ts';

/** A row of `submissions`. */
export interface SubmissionRow {
  id: number;
  reference: string;
  state: SubmissionState;
  upstream: string;
  enquiry_id: number | null;
  attempts: number;
  unknown_creates: number;
  unknown_uploads: number;
  possible_duplicate: number;
  timed_out: number;
  pending_step: string | null;
  notified_at: number | null;
  next_attempt_at: number;
  lease_until: number | null;
  last_error: string | null;
  note: string | null;
  received_at: number;
  retry_from: number;
  delivered_at: number | null;
  enquiry_created_at: number | null;
  enquiry_recorded_at: number | null;
  routed_to: string | null;
  team_label: string | null;
  route_reason: string | null;
  assigned_to: string | null;
  repeat_of: string | null;
}

/** A row of `files`. */
export interface FileRow {
  idx: number;
  name: string;
  postname: string;
  mime: string;
  size: number;
  sha256: string;
  attachment_id: number | null;
  failed_reason: string | null;
  skipped: number;
  answered_at: number | null;
  original_name: string | null;
}

/** A row of `idempotency_keys`, with its submission's reference. */
export interface KeyRow {
  fingerprint: string;
  status: number | null;
  body: string | null;
  created_at: number;
  reference: string;
}

/** A submission row and its file rows as the outbox's `Submission`. */
export function toSubmission(row: SubmissionRow, files: FileRow[]): Submission {
  return {
    id: row.id,
    reference: row.reference,
    state: row.state,
    upstream: JSON.parse(row.upstream) as UpstreamEnquiry,
    files: files.map((file): StoredFile => ({
      index: file.idx,
      name: file.name,
      postname: file.postname,
      mime: file.mime,
      kind: kindOfMime(file.mime),
      size: file.size,
      sha256: file.sha256,
      attachmentId: file.attachment_id,
      failure: file.failed_reason,
      skipped: file.skipped === 1,
      answeredAt: file.answered_at,
      originalName: file.original_name,
    })),
    enquiryId: row.enquiry_id,
    enquiryCreatedAt: row.enquiry_created_at,
    enquiryRecordedAt: row.enquiry_recorded_at,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    note: row.note,
    receivedAt: row.received_at,
    retryFrom: row.retry_from,
    deliveredAt: row.delivered_at,
    unknownCreates: row.unknown_creates,
    unknownUploads: row.unknown_uploads,
    possibleDuplicate: row.possible_duplicate === 1,
    timedOut: row.timed_out === 1,
    pendingStep: row.pending_step,
    notifiedAt: row.notified_at,
    routing:
      row.routed_to === null
        ? null
        : {
            team: row.routed_to,
            label: row.team_label,
            reason: row.route_reason ?? '',
            assignedTo: row.assigned_to,
            repeatOf: row.repeat_of,
          },
  };
}

/** A row of `notifications`. */
export interface NotificationRow {
  id: number;
  key: string;
  channel: QueuedNotification['channel'];
  kind: string;
  reference: string | null;
  payload: string;
  created_at: number;
  state: QueuedNotification['state'];
  attempts: number;
  next_attempt_at: number;
  sent_at: number | null;
  last_error: string | null;
}

/** A notification row as the outbox's `QueuedNotification`. */
export const toNotification = (row: NotificationRow): QueuedNotification => ({
  id: row.id,
  key: row.key,
  channel: row.channel,
  kind: row.kind,
  ...(row.reference === null ? {} : { reference: row.reference }),
  payload: JSON.parse(row.payload) as unknown,
  at: row.created_at,
  state: row.state,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  sentAt: row.sent_at,
  lastError: row.last_error,
});

/**
 * A new notification's values for `INSERT INTO notifications (key, channel, kind, reference,
 * payload, created_at, next_attempt_at)`: it is due at once.
 */
export const notificationValues = (row: NewNotification) =>
  [
    row.key,
    row.channel,
    row.kind,
    row.reference ?? null,
    JSON.stringify(row.payload),
    row.at,
    row.at,
  ] as const;

/** The counts query's one row (a missing or null count is none) as `OutboxCounts`. */
export function toCounts(row: Record<string, number | null> = {}): OutboxCounts {
  const n = (key: keyof OutboxCounts) => row[key] ?? 0;
  return {
    queued: n('queued'),
    delivered: n('delivered'),
    partial: n('partial'),
    dead: n('dead'),
    spam: n('spam'),
    oldestQueuedAt: row.oldestQueuedAt ?? null,
    possibleDuplicates: n('possibleDuplicates'),
    repeats: n('repeats'),
    undecided: n('undecided'),
    possibleDuplicateUploads: n('possibleDuplicateUploads'),
  };
}

/**
 * Runs a synchronous database call as a promise: a throw (a full disk, a lost lease) becomes a
 * rejection, as callers of an asynchronous store expect, rather than escaping synchronously.
 */
export const asPromise = <T>(call: () => T): Promise<T> =>
  new Promise<T>((resolve) => {
    resolve(call());
  });
