/**
 * The commands of `npm run outbox` about leads and the outbox's upkeep, one function each, as
 * `outbox-command.ts`'s table runs them: each takes the rest of the command line, the store
 * (only what it needs of it) and where to write, and returns the process's exit code.
 */
import { counted } from '../contract/plurals.ts';
import type { Housekeeping, OperatorView } from '../outbox/store.ts';
import { isoTime, submissionJson, submissionReport, whyNow } from '../operator/lead-report.ts';
import type { CommandIo } from './command-io.ts';
import { writeExport } from './write-export.ts';
import { eachLeadPage } from '../outbox/lead-pages.ts';
import { SUBMISSION_STATES, type Submission, type SubmissionState } from '../outbox/submission.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How many leads `list` reads at a time. */
export const LIST_PAGE = 500;

/**
 * `list [state] [--json]`: submissions, oldest first, printed a page at a time as the one
 * listing reads them, so the command holds one page of leads however many the outbox has.
 */
export async function list(args: readonly string[], store: OperatorView, io: CommandIo) {
  const state = args.find((arg) => !arg.startsWith('--'));
  if (state !== undefined && !SUBMISSION_STATES.includes(state as SubmissionState)) {
    io.err(`Unknown state "${state}": use one of ${SUBMISSION_STATES.join(', ')}.`);
    return 2;
  }
  const json = args.includes('--json');
  let listed = 0;
  // As JSON.stringify(array, null, 2) writes it, an element at a time: each is written once
  // the next is read, with the comma that follows it.
  let pending: string | undefined;
  const pages = eachLeadPage(store, {
    state: state as SubmissionState | undefined,
    limit: LIST_PAGE,
  });
  for await (const page of pages)
    for (const submission of page) {
      if (json) {
        io.out(pending === undefined ? '[' : `${pending},`);
        pending = JSON.stringify(submissionJson(submission), null, 2).replace(/^/gm, '  ');
      } else io.out(line(submission, io.now()));
      listed += 1;
    }
  if (json) io.out(pending === undefined ? '[]' : `${pending}\n]`);
  else if (listed === 0) io.out(state ? `No ${state} submissions.` : 'The outbox is empty.');
  return 0;
}

/** `show <reference> [--json]`: one submission, each step and its outcome. */
export async function show(args: readonly string[], store: OperatorView, io: CommandIo) {
  const submission = args[0] ? await store.get(args[0]) : null;
  if (!submission) return notFound(args[0], io);
  const notifications = await store.notificationsFor(submission.reference);
  if (args.includes('--json'))
    io.out(JSON.stringify(submissionJson(submission, notifications), null, 2));
  else for (const l of submissionReport(submission, notifications, io.now())) io.out(l);
  return 0;
}

/** `retry <reference> [--file N]`: send it now, with a fresh schedule. */
export async function retry(args: readonly string[], store: OperatorView, io: CommandIo) {
  const file = fileOption(args, io);
  if (file === null) return 2;
  const outcome = args[0]
    ? await store.requeue(args[0], io.now(), file === undefined ? undefined : { file })
    : ({ kind: 'not_found' } as const);
  if (outcome.kind === 'not_found') return notFound(args[0], io);
  const { reference, enquiryId } = outcome.submission;
  if (outcome.kind === 'delivered')
    io.err(`${reference} is already delivered (enquiry ${enquiryId}).`);
  if (outcome.kind === 'in_delivery')
    io.err(`${reference} is being delivered right now; look again in a moment.`);
  if (outcome.kind !== 'requeued') return 1;
  io.out(`${reference} is queued and will be sent within moments by the running proxy.`);
  return 0;
}

/** `skip <reference> --file N`: leave a refused file out. */
export async function skip(args: readonly string[], store: OperatorView, io: CommandIo) {
  const file = fileOption(args, io);
  if (file === null) return 2;
  const reference = args[0];
  if (!reference || file === undefined) {
    io.err('Name a reference and a file, like skip EQ-7K3M-9QXD --file 2.');
    return 2;
  }
  if (!(await store.get(reference))) return notFound(reference, io);
  if (!(await store.skipFile(reference, file))) {
    io.err(`${reference} has no refused file ${file} (see npm run outbox -- show ${reference}).`);
    return 1;
  }
  io.out(`File ${file} of ${reference} is left out.`);
  return 0;
}

/** `export <reference> [--to DIR]`: its fields and the files still kept, in a folder. */
export async function exportLead(args: readonly string[], store: OperatorView, io: CommandIo) {
  const submission = args[0] ? await store.get(args[0]) : null;
  if (!submission) return notFound(args[0], io);
  const flag = args.indexOf('--to');
  const parent = flag === -1 ? '.' : (args[flag + 1] ?? '.');
  const exported = await writeExport(store, submission, parent, submissionJson(submission));
  io.out(`Wrote ${exported.dir}: ${exported.files.join(', ')}`);
  if (exported.notKept.length > 0)
    io.out(`Not kept (delivered to the platform): ${exported.notKept.join(', ')}`);
  return 0;
}

/** The store's purge of each kind `purge-<kind>` deletes. */
const PURGES = {
  spam: (store: PurgeStore, before: number) => store.purgeSpam(before),
  delivered: (store: PurgeStore, before: number) => store.purgeDelivered(before),
  dead: (store: PurgeStore, before: number) => store.purgeNotifiedDead(before),
} as const;
type PurgeStore = Pick<
  Housekeeping,
  'purgeDelivered' | 'purgeSpam' | 'purgeNotifiedDead' | 'purgeFinishedWebhooks'
>;

/** `purge-<kind> [--older-than-days N]`: delete the submissions of that kind. */
export const purge =
  (kind: keyof typeof PURGES) =>
  async (args: readonly string[], store: PurgeStore, io: CommandIo) => {
    const flag = args.indexOf('--older-than-days');
    const days = flag === -1 ? 0 : Number(args[flag + 1]);
    if (!Number.isFinite(days) || days < 0) {
      io.err('--older-than-days takes a number of days, like --older-than-days 30.');
      return 2;
    }
    const purged = await PURGES[kind](store, io.now() - days * DAY_MS + (days === 0 ? 1 : 0));
    // What the hourly chore would forget of the leads gone, so none of them is left behind.
    await store.purgeFinishedWebhooks();
    io.out(`Deleted ${purged} ${kind} submission${purged === 1 ? '' : 's'}.`);
    return 0;
  };

/** `counts`: how many in each state, the oldest waiting, possible duplicates. */
export async function counts(_args: readonly string[], store: OperatorView, io: CommandIo) {
  const counts = await store.counts();
  const age =
    counts.oldestQueuedAt === null
      ? 'none waiting'
      : `${Math.round((io.now() - counts.oldestQueuedAt) / 1000)} s`;
  io.out(
    `queued ${counts.queued}, delivered ${counts.delivered}, partly delivered ${counts.partial}, dead ${counts.dead}, spam ${counts.spam}, ` +
      `oldest queued ${age}, possible duplicates ${counted(counts.possibleDuplicates, 'enquiry', 'enquiries')} and ${counted(counts.possibleDuplicateUploads, 'file')}`,
  );
  return 0;
}

/** `--file N` as a number, undefined when absent, null (said why) when not a file index. */
function fileOption(args: readonly string[], io: CommandIo): number | undefined | null {
  const flag = args.indexOf('--file');
  if (flag === -1) return undefined;
  const index = Number(args[flag + 1]);
  if (Number.isSafeInteger(index) && index >= 0) return index;
  io.err('--file takes the number of a file, counting from 0, as `show` lists them.');
  return null;
}

function notFound(reference: string | undefined, io: CommandIo): number {
  io.err(
    reference
      ? `No submission has the reference ${reference}.`
      : 'Name a reference, like EQ-7K3M-9QXD.',
  );
  return 1;
}

function line(s: Submission, now: number): string {
  const uploaded = s.files.filter((f) => f.attachmentId !== null).length;
  const refused = s.files.filter((f) => f.failure !== null && !f.skipped).length;
  const parts = [
    s.reference,
    s.state.padEnd(9),
    isoTime(s.receivedAt),
    `${s.upstream.forename} ${s.upstream.surname}`.trim(),
    s.upstream.case_type,
    `enquiry ${s.enquiryId ?? '-'}`,
    `files ${uploaded}/${s.files.length}${refused > 0 ? ` (${refused} refused)` : ''}`,
    `attempts ${s.attempts}`,
  ];
  if (s.state === 'queued' && s.nextAttemptAt > now)
    parts.push(`next in ${Math.ceil((s.nextAttemptAt - now) / 1000)} s`);
  if (s.possibleDuplicate) parts.push('possible duplicate');
  const why = whyNow(s);
  if (why) parts.push(`(${why})`);
  return parts.join('  ');
}
