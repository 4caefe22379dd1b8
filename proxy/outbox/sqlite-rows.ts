/** How the outbox's rows look in SQLite, and how they become `Submission`s. */
import type { UpstreamEnquiry } from '../client/schemas.ts';
import type { StoredFile, Submission, SubmissionState } from './submission.ts';

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
  pending_step: string | null;
  notified_at: number | null;
  next_attempt_at: number;
  lease_until: number | null;
  last_error: string | null;
  note: string | null;
  received_at: number;
  retry_from: number;
  delivered_at: number | null;
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
      size: file.size,
      sha256: file.sha256,
      attachmentId: file.attachment_id,
      failure: file.failed_reason,
      skipped: file.skipped === 1,
    })),
    enquiryId: row.enquiry_id,
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
    pendingStep: row.pending_step,
    notifiedAt: row.notified_at,
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
