/**
 * One delivery attempt of a claimed submission: the create (once its id is recorded, never
 * again), then one upload per file, each step noted before it is sent and recorded as it
 * succeeds, so that the next attempt resumes where this one stopped.
 */
import type { EnquiryApiClient } from '../client/enquiry-api-client.ts';
import { memorySource, readAll, type ByteSource } from '../client/byte-source.ts';
import { EnquiryApiError } from '../client/errors.ts';
import { mimeOf, renamedAs } from '../contract/file-kinds.ts';
import { isPlatformKind } from '../contract/limits.ts';
import { ConversionError, type Converter } from '../convert/conversion.ts';
import type { Logger } from '../logger.ts';
import type { Claimed } from '../outbox/lease.ts';
import { enquiryAsSent } from '../outbox/lead-routing.ts';
import type { DeliveryQueue } from '../outbox/store.ts';
import { keepUntilRecorded } from './kept-record.ts';
import type { StoredFile, Submission } from '../outbox/submission.ts';
import type { AttemptResult } from '../outbox/attempt-result.ts';

/** What an attempt needs. */
export interface AttemptContext {
  store: DeliveryQueue;
  client: EnquiryApiClient;
  converter: Pick<Converter, 'convert'>;
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
  /** A create answered in this attempt, recorded with the delivery (`recordsWithWrites`). */
  let created: { enquiryId: number; at: number } | undefined;
  if (enquiryId === null) {
    await store.startStep(lease, { kind: 'create' }, leaseUntil());
    // With its team and the earlier lead it repeats, as meta entries, when it was routed.
    const id = await client.createEnquiry(enquiryAsSent(submission), signal);
    enquiryId = id;
    const createdAt = now();
    // Before it is recorded: if this process dies now, the log shows the answer was had.
    log.info({ reference: submission.reference, enquiryId }, 'the platform created the enquiry');
    submission.enquiryId = enquiryId;
    submission.enquiryCreatedAt = createdAt;
    // The enquiry exists now: losing this record would mean creating it again next time. It is
    // written alone, before anything else of the delivery (one statement, on PostgreSQL one
    // round trip on a connection kept for it), so it lands within moments whatever the load;
    // with no file to send where records share the writes' commit, the delivery's end is the
    // next write anyway, and carries it in that same commit.
    if (store.recordsWithWrites && !submission.files.some(toSend))
      created = { enquiryId, at: createdAt };
    else
      submission.enquiryRecordedAt = await keepRecord(claimed, context, 'create', enquiryId, (at) =>
        store.recordCreated(lease, id, createdAt, at),
      );
    if (submission.unknownCreates > 0) {
      log.warn(
        { reference: submission.reference, enquiryId, unknownCreates: submission.unknownCreates },
        'possible duplicate: enquiry created after a create whose outcome was unknown',
      );
    }
  }
  for (const file of submission.files) {
    // Uploaded already, or refused before (sent again only when an operator retries it).
    if (!toSend(file)) continue;
    try {
      // Converted before the step is noted: a crash mid-conversion converts again next time,
      // and is no "upload of unknown outcome".
      const ready = await uploadable(submission, file, context);
      await store.startStep(lease, { kind: 'upload', index: file.index }, leaseUntil());
      file.attachmentId = await upload(submission, enquiryId, ready, context);
    } catch (error) {
      const refusal = fileRefusal(error);
      if (refusal === undefined) throw error;
      // One file the platform will not take does not hold back the others.
      file.failure = refusal;
      await store.recordUploadFailed(lease, file.index, refusal, now());
      log.error(
        { reference: submission.reference, file: file.name, reason: refusal },
        'a file could not be delivered (refused or not converted); the others are still sent',
      );
      continue;
    }
    const attachmentId = file.attachmentId;
    await keepRecord(claimed, context, `upload:${String(file.index)}`, attachmentId, (at) =>
      store.recordUploaded(lease, file.index, attachmentId, at),
    );
  }
  const withoutFiles = submission.files.length === 0;
  if (created) {
    const finished = created;
    submission.enquiryRecordedAt = await keepRecord(claimed, context, 'create', enquiryId, (at) =>
      store.finish(lease, { kind: 'delivered', at, created: finished, withoutFiles }),
    );
  } else await store.finish(lease, { kind: 'delivered', at: now(), withoutFiles });
  const refused = submission.files.filter((file) => file.failure !== null && !file.skipped);
  log.info(
    {
      reference: submission.reference,
      enquiryId,
      files: submission.files.length,
      refusedFiles: refused.length,
      attempt: submission.attempts + 1,
      ms: now() - started,
    },
    refused.length > 0 ? 'enquiry partly delivered: a file was refused' : 'enquiry delivered',
  );
  const state = refused.length > 0 ? 'partial' : 'delivered';
  return { state: 'delivered', enquiryId, submission: { ...submission, enquiryId, state } };
}

/** What one upload sends. */
interface Uploadable {
  name: string;
  mime: string;
  postname: string;
  bytes: ByteSource;
}

/**
 * The stored file as the platform takes it: as it is, or converted from the original (kept in
 * the outbox) into a JPEG or PDF named after it.
 */
async function uploadable(
  submission: Submission,
  file: StoredFile,
  { store, converter, log, now, signal }: AttemptContext,
): Promise<Uploadable> {
  const source = await store.fileSource(submission.id, file.index);
  const { kind } = file;
  if (kind === undefined || isPlatformKind(kind)) return { ...file, bytes: source };
  const started = now();
  const converted = await converter.convert(kind, Buffer.from(await readAll(source)), signal);
  // The stored name ends in the original's extension: `IMG_0001.heic` becomes `IMG_0001.jpg`.
  const name = renamedAs(file.name, converted.kind);
  log.info(
    { reference: submission.reference, file: file.name, as: name, ms: now() - started },
    'file converted',
  );
  return {
    name,
    postname: name,
    mime: mimeOf(converted.kind),
    bytes: memorySource(converted.bytes),
  };
}

/** One file; a 2xx without a readable id still means it is attached (id recorded as 0). */
async function upload(
  submission: Submission,
  enquiryId: number,
  file: Uploadable,
  { client, log, signal }: AttemptContext,
): Promise<number> {
  const { name, mime, postname, bytes } = file;
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
async function noticeInterruptedStep(claimed: Claimed, context: AttemptContext): Promise<void> {
  const { submission, lease } = claimed;
  const step = submission.pendingStep;
  if (step === null) return;
  const kind = step.startsWith('upload') ? 'upload' : 'create';
  // Said before it is counted: the log shows it even if the count has to wait.
  context.log.warn(
    { reference: submission.reference, step },
    `an earlier attempt stopped after sending the ${kind} (the proxy was stopped or crashed); sending it again may duplicate it`,
  );
  await keepUntilRecorded(
    () => context.store.recordUnknownOutcome(lease, kind),
    { ...answered(claimed, step), answer: `${kind} of unknown outcome` },
    context,
  );
  if (kind === 'create') submission.unknownCreates += 1;
}

/** The submission and step a record is about, for `keepUntilRecorded`. */
const answered = ({ submission, lease }: Claimed, step: string) => ({
  reference: submission.reference,
  lease,
  step,
});

/** Keeps the record of the platform's answer to `step` (its new `id`) until it is written. */
const keepRecord = (
  claimed: Claimed,
  context: AttemptContext,
  step: string,
  id: number,
  write: (at: number) => Promise<void>,
) =>
  keepUntilRecorded(
    write,
    {
      ...answered(claimed, step),
      answer: `${step === 'create' ? 'enquiry' : 'attachment'} ${String(id)}`,
    },
    context,
  );

/** A file still to send: not uploaded, nor refused before (sent again only when retried). */
const toSend = (file: StoredFile) =>
  file.attachmentId === null && file.failure === null && !file.skipped;

/** Answers with which the platform refuses one file (and would refuse it again). */
const FILE_REFUSED = new Set([400, 413, 415, 422]);

/**
 * The platform's reason when `error` is its refusal of this one file (a 400 naming a
 * parameter, or 413/415/422), else undefined.
 */
function fileRefusal(error: unknown): string | undefined {
  // A passing fault (shutdown, a full temporary disk) is retried with the submission.
  if (error instanceof ConversionError)
    return error.reason === 'transient' ? undefined : `could not be converted: ${error.message}`;
  if (!(error instanceof EnquiryApiError) || error.endpoint !== 'upload') return undefined;
  if (error.kind !== 'validation' && !FILE_REFUSED.has(error.status ?? 0)) return undefined;
  return error.message;
}
