/**
 * One submission as a report a person reads (what the visitor sent, each delivery step named
 * with its outcome and when the platform answered it, why it waits or died, who was told), or as JSON for scripts and exports:
 * `npm run outbox -- show` and the console's lead page read the same steps. Every time is ISO
 * 8601 (UTC).
 */
import type { QueuedNotification } from '../outbox/notification.ts';
import type { StoredFile, Submission } from '../outbox/submission.ts';
import { enquiryLines } from '../notify/messages.ts';

/** An instant as ISO 8601 to the second; null stays null. */
export const isoTime = (at: number | null) =>
  at === null ? null : new Date(at).toISOString().replace(/\.\d+Z$/, 'Z');

/** One step of a delivery: the create, or one file's upload. */
interface Step {
  step: string;
  outcome: 'done' | 'refused' | 'left out' | 'outcome unknown' | 'waiting' | 'not sent';
  /** When the platform answered it (null while it has not, or when that was not kept). */
  at: number | null;
  detail: string | null;
}

/** Where each step stands now. */
export function deliverySteps(s: Submission): Step[] {
  const notDone = s.state === 'queued' ? 'waiting' : 'not sent';
  const create: Step =
    s.enquiryId !== null
      ? {
          step: 'create the enquiry',
          outcome: 'done',
          at: s.enquiryCreatedAt,
          detail: `enquiry ${String(s.enquiryId)}${s.possibleDuplicate ? ' (possibly twice: an earlier create timed out)' : ''}${recordedLate(s)}`,
        }
      : {
          step: 'create the enquiry',
          outcome: s.pendingStep === 'create' ? 'outcome unknown' : notDone,
          at: null,
          detail: null,
        };
  return [create, ...s.files.map((file) => uploadStep(s, file, notDone))];
}

/** How long after its answer the outbox may take a create's record and say nothing of it. */
const RECORD_DELAY_SHOWN_MS = 1000;

/**
 * When the outbox could not take the create's record at once (the database away, a write
 * refused), when it did: the answer was kept in the process until then.
 */
function recordedLate({ enquiryCreatedAt: answered, enquiryRecordedAt: recorded }: Submission) {
  if (answered === null || recorded === null || recorded - answered < RECORD_DELAY_SHOWN_MS)
    return '';
  const seconds = Math.round((recorded - answered) / 1000);
  return `; recorded ${isoTime(recorded) ?? ''}, ${String(seconds)} s after the answer (the outbox could not take it at once)`;
}

function uploadStep(s: Submission, file: StoredFile, notDone: Step['outcome']): Step {
  const step = `upload ${file.name} (file ${String(file.index)}, ${file.mime}, ${String(file.size)} bytes)`;
  const at = file.answeredAt;
  if (file.attachmentId !== null)
    return { step, outcome: 'done', at, detail: `attachment ${String(file.attachmentId)}` };
  if (file.skipped) return { step, outcome: 'left out', at, detail: file.failure };
  if (file.failure !== null)
    return {
      step,
      outcome: 'refused',
      at,
      detail: `${file.failure} (retry ${s.reference} --file ${String(file.index)} sends it again; skip ${s.reference} --file ${String(file.index)} leaves it out)`,
    };
  if (s.pendingStep === `upload:${String(file.index)}`)
    return { step, outcome: 'outcome unknown', at: null, detail: null };
  return { step, outcome: notDone, at: null, detail: null };
}

/** Why the submission is where it is, in words true now (an old dead note is not). */
export function whyNow(s: Submission): string | null {
  if (s.state === 'dead' || s.state === 'spam') return s.note;
  if (s.state === 'queued') return s.lastError;
  return null;
}

/** The submission for scripts: every time ISO, each step named, no file bytes. */
export function submissionJson(s: Submission, notifications: QueuedNotification[] = []) {
  const { id, ...rest } = s;
  return {
    ...rest,
    files: s.files.map((file) => ({ ...file, answeredAt: isoTime(file.answeredAt) })),
    enquiryCreatedAt: isoTime(s.enquiryCreatedAt),
    enquiryRecordedAt: isoTime(s.enquiryRecordedAt),
    receivedAt: isoTime(s.receivedAt),
    retryFrom: isoTime(s.retryFrom),
    nextAttemptAt: s.state === 'queued' ? isoTime(s.nextAttemptAt) : null,
    deliveredAt: isoTime(s.deliveredAt),
    notifiedAt: isoTime(s.notifiedAt),
    why: whyNow(s),
    steps: deliverySteps(s).map((step) => ({ ...step, at: isoTime(step.at) })),
    notifications: notifications.map((n) => ({
      channel: n.channel,
      event: n.kind,
      state: n.state,
      attempts: n.attempts,
      queuedAt: isoTime(n.at),
      sentAt: isoTime(n.sentAt),
      nextAttemptAt: n.state === 'pending' ? isoTime(n.nextAttemptAt) : null,
      lastError: n.lastError,
    })),
  };
}

/** The submission as a report, one line each. */
export function submissionReport(
  s: Submission,
  notifications: QueuedNotification[],
  now: number,
): string[] {
  const field = (label: string, value: string | null) =>
    value === null ? [] : [`${`${label}:`.padEnd(14)}${value}`];
  const waiting = s.state === 'queued' && s.nextAttemptAt > now;
  const why = whyNow(s);
  return [
    `${s.reference}: ${s.state}${s.enquiryId === null ? '' : ` (enquiry ${String(s.enquiryId)})`}`,
    ...field('Received', isoTime(s.receivedAt)),
    ...field('Delivered', s.state === 'delivered' ? isoTime(s.deliveredAt) : null),
    ...field('Attempts', String(s.attempts)),
    ...field('Next attempt', waiting ? isoTime(s.nextAttemptAt) : null),
    ...field(s.state === 'dead' ? 'Why dead' : s.state === 'spam' ? 'Why spam' : 'Last error', why),
    '',
    'Steps:',
    ...deliverySteps(s).map(
      ({ step, outcome, at, detail }, n) =>
        `  ${String(n + 1)}. ${step}: ${outcome}${at === null ? '' : ` ${isoTime(at) ?? ''}`}` +
        (detail === null ? '' : `, ${detail}`),
    ),
    '',
    'The enquiry:',
    ...enquiryLines(s.upstream).map((entry) => `  ${entry}`),
    '',
    notifications.length === 0 ? 'Notifications: none' : 'Notifications:',
    ...notifications.map(
      (n) =>
        `  ${n.channel} ${n.kind}: ${n.state === 'sent' ? `sent ${isoTime(n.sentAt) ?? ''}` : n.state}` +
        (n.state === 'pending' ? `, next try ${isoTime(n.nextAttemptAt) ?? ''}` : '') +
        (n.lastError && n.state !== 'sent' ? ` (${n.lastError})` : ''),
    ),
  ];
}
