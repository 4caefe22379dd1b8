/**
 * One delivery attempt of a claimed submission: the create (once its id is recorded, never
 * again), then one upload per file, each step noted before it is sent and recorded as it
 * succeeds, so that the next attempt resumes where this one stopped.
 */
import type { EnquiryApiClient } from '../client/enquiry-api-client.ts';
import { EnquiryApiError } from '../client/errors.ts';
import type { Logger } from '../logger.ts';
import type { Claimed, OutboxStore } from '../outbox/store.ts';
import type { StoredFile, Submission } from '../outbox/submission.ts';
import type { AttemptResult } from './outcome.ts';

/** What an attempt needs. */
export interface AttemptContext {
  store: OutboxStore;
  client: EnquiryApiClient;
  log: Logger;
  now: () => number;
  /** When a lease taken or extended now runs out. */
  leaseUntil: () => number;
  /** Aborted when the proxy shuts down. */
  signal: AbortSignal;
}

/**
 * Runs the steps still to do. Throws what the platform (or the store) threw; the caller sorts
 * that into retry, pause or dead letter.
 */
export async function runAttempt(
  claimed: Claimed,
  context: AttemptContext,
): Promise<AttemptResult> {
  const { store, client, log, now, leaseUntil, signal } = context;
  const { submission, lease } = claimed;
  const started = now();
  await noticeInterruptedStep(claimed, context);
  let enquiryId = submission.enquiryId;
  if (enquiryId === null) {
    await store.startStep(lease, { kind: 'create' }, leaseUntil());
    enquiryId = await client.createEnquiry(submission.upstream, signal);
    await store.recordCreated(lease, enquiryId);
    submission.enquiryId = enquiryId;
    if (submission.unknownCreates > 0) {
      log.warn(
        { reference: submission.reference, enquiryId, unknownCreates: submission.unknownCreates },
        'possible duplicate: enquiry created after a create whose outcome was unknown',
      );
    }
  }
  for (const file of submission.files) {
    if (file.attachmentId !== null) continue;
    await store.startStep(lease, { kind: 'upload', index: file.index }, leaseUntil());
    file.attachmentId = await upload(submission, enquiryId, file, context);
    await store.recordUploaded(lease, file.index, file.attachmentId);
  }
  await store.finish(lease, { kind: 'delivered', at: now() });
  log.info(
    {
      reference: submission.reference,
      enquiryId,
      files: submission.files.length,
      attempt: submission.attempts + 1,
      ms: now() - started,
    },
    'enquiry delivered',
  );
  return {
    state: 'delivered',
    enquiryId,
    submission: { ...submission, enquiryId, state: 'delivered' },
  };
}

/** One file; a 2xx without a readable id still means it is attached (id recorded as 0). */
async function upload(
  submission: Submission,
  enquiryId: number,
  file: StoredFile,
  { store, client, log, signal }: AttemptContext,
): Promise<number> {
  const bytes = await store.fileSource(submission.id, file.index);
  const { name, mime, postname } = file;
  try {
    return await client.uploadFile(enquiryId, { name, mime, postname, bytes }, signal);
  } catch (error) {
    if (!(error instanceof EnquiryApiError && error.answeredSuccess)) throw error;
    log.warn(
      { reference: submission.reference, file: name, status: error.status, response: error.body },
      'upload accepted without a readable attachment id',
    );
    return 0;
  }
}

/**
 * A step still marked as sent when a submission is claimed means the attempt that sent it
 * never learnt the outcome (the proxy was killed): the platform may have done it.
 */
async function noticeInterruptedStep(
  { submission, lease }: Claimed,
  { store, log }: AttemptContext,
): Promise<void> {
  const step = submission.pendingStep;
  if (step === null) return;
  const kind = step.startsWith('upload') ? 'upload' : 'create';
  await store.recordUnknownOutcome(lease, kind);
  if (kind === 'create') submission.unknownCreates += 1;
  log.warn(
    { reference: submission.reference, step },
    `an earlier attempt stopped after sending the ${kind} (the proxy was stopped or crashed); sending it again may duplicate it`,
  );
}
