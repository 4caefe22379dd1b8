/** How the outbox's rows look in SQLite, and how they become `Submission`s. */
import type { UpstreamEnquiry } from '../client/schemas.ts';
import type { StoredFile, Submission, SubmissionState } from './store.ts';

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
  next_attempt_at: number;
  lease_until: number | null;
  last_error: string | null;
  note: string | null;
  received_at: number;
  retry_from: number;
  delivered_at: number | null;
}

export interface FileRow {
  idx: number;
  name: string;
  postname: string;
  mime: string;
  size: number;
  sha256: string;
  attachment_id: number | null;
}

export interface KeyRow {
  fingerprint: string;
  status: number | null;
  body: string | null;
  created_at: number;
  reference: string;
}

/** A claim may take a queued submission nobody holds, or one whose holder's lease ran out. */
export const CLAIMABLE = `state = 'queued' AND (lease_until IS NULL OR lease_until <= @now)`;

/** Every write that ends an attempt lets go of the submission. */
export const UNLEASED = 'lease_owner = NULL, lease_until = NULL';

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
  };
}
