/**
 * The operator's view of the outbox: `npm run outbox -- <command>`. Safe while the proxy runs
 * (SQLite in WAL mode lets both use the file, and a running proxy looks at its queue each
 * second; PostgreSQL tells every running proxy of a retried submission at once).
 */
import type {
  Housekeeping,
  OperatorView,
  Receipts,
  Settings,
  SubjectRights,
  WebhookDeliveries,
} from '../outbox/store.ts';
import { isoTime, submissionJson, submissionReport, whyNow } from '../operator/lead-report.ts';
import { erase, exportSubject, listSubject, type RightsIo } from './subject-commands.ts';
import type { CommandIo } from './command-io.ts';
import { verifyReceiptCommand } from './receipt-command.ts';
import { runWebhooksCommand } from './webhooks-command.ts';
import { writeExport } from './write-export.ts';
import { SUBMISSION_STATES, type Submission, type SubmissionState } from '../outbox/submission.ts';

/** What `npm run outbox -- help` prints (docs/operations.md shows it too). */
export const USAGE = `Usage: npm run outbox -- <command>

  list [queued|delivered|partial|dead|spam] [--json]
                                                submissions, oldest first
  show <reference> [--json]                     one submission: each delivery step and its outcome, why it
                                                waits or died, what was sent, who was told
  retry <reference> [--file N]                  send a dead, spam, waiting or partly delivered submission now,
                                                with a fresh schedule (--file: only that refused file)
  skip <reference> --file N                     leave a refused file out (the firm got it another way)
  export <reference> [--to DIR]                 write its fields (enquiry.json) and the files still kept
                                                to DIR/<reference>/ (default: the current directory)
  purge-delivered [--older-than-days N]         delete delivered submissions (their files went with delivery)
  purge-spam [--older-than-days N]              delete submissions the bot checks caught (default: all)
  purge-dead [--older-than-days N]              delete dead letters the firm was told of (never an untold one)
  webhooks [pending|delivered|dead] [--reference R] [--json]
                                                signed webhook deliveries, newest first: endpoint, event,
                                                tries, next try or last answer
  webhooks retry <id>                           send a webhook delivery again now (same webhook-id),
                                                with a fresh schedule
  subject <email or telephone> [--country CC] [--json]
                                                every submission, file, notification, webhook message and audit
                                                entry about one person (email in any case, telephone in E.164;
                                                one without its country code read as CC's, by default the
                                                form's phone.defaultCountry)
  subject-export <email or telephone> --to DIR [--country CC]
                                                write them for a subject access request: a folder per submission
                                                (enquiry.json and its files) and manifest.json
  erase <reference> | --email <email> [--force] erase a submission (or all of one person's) with its files,
                                                notifications and keys; the audit log keeps a salted hash only.
                                                One not yet delivered needs --force (its lead is lost)
  counts                                        how many in each state, oldest waiting, possible duplicates
  verify-receipt <code>                         whether the enquiry a visitor's receipt code names was received,
                                                and when (also after retention removed it), or was caught as
                                                spam (exit 3)
  migrate                                       bring the outbox's schema up to date, and nothing else
                                                (the proxy does it at start too, under a lock)

Reads the PostgreSQL outbox at DATABASE_URL when it is set, else the one in DATA_DIR (default ./data).`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Runs one command; returns the process exit code. */
export async function runOutboxCommand(
  args: readonly string[],
  store: OperatorView &
    Pick<Housekeeping, 'purgeDelivered' | 'purgeSpam' | 'purgeNotifiedDead'> &
    Receipts &
    Settings &
    SubjectRights &
    WebhookDeliveries,
  io: RightsIo,
): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'list': {
      const state = rest.find((arg) => !arg.startsWith('--'));
      if (state !== undefined && !SUBMISSION_STATES.includes(state as SubmissionState)) {
        io.err(`Unknown state "${state}": use one of ${SUBMISSION_STATES.join(', ')}.`);
        return 2;
      }
      const submissions = await everyLead(store, state as SubmissionState | undefined);
      if (rest.includes('--json'))
        io.out(
          JSON.stringify(
            submissions.map((s) => submissionJson(s)),
            null,
            2,
          ),
        );
      else if (submissions.length === 0)
        io.out(state ? `No ${state} submissions.` : 'The outbox is empty.');
      else
        submissions.forEach((s) => {
          io.out(line(s, io.now()));
        });
      return 0;
    }
    case 'show': {
      const submission = rest[0] ? await store.get(rest[0]) : null;
      if (!submission) return notFound(rest[0], io);
      const notifications = await store.notificationsFor(submission.reference);
      if (rest.includes('--json'))
        io.out(JSON.stringify(submissionJson(submission, notifications), null, 2));
      else for (const l of submissionReport(submission, notifications, io.now())) io.out(l);
      return 0;
    }
    case 'retry': {
      const file = fileOption(rest, io);
      if (file === null) return 2;
      const outcome = rest[0]
        ? await store.requeue(rest[0], io.now(), file === undefined ? undefined : { file })
        : ({ kind: 'not_found' } as const);
      if (outcome.kind === 'not_found') return notFound(rest[0], io);
      const { reference, enquiryId } = outcome.submission;
      if (outcome.kind === 'delivered')
        io.err(`${reference} is already delivered (enquiry ${enquiryId}).`);
      if (outcome.kind === 'in_delivery')
        io.err(`${reference} is being delivered right now; look again in a moment.`);
      if (outcome.kind !== 'requeued') return 1;
      io.out(`${reference} is queued and will be sent within moments by the running proxy.`);
      return 0;
    }
    case 'skip': {
      const file = fileOption(rest, io);
      if (file === null) return 2;
      const reference = rest[0];
      if (!reference || file === undefined) {
        io.err('Name a reference and a file, like skip EQ-7K3M-9QXD --file 2.');
        return 2;
      }
      if (!(await store.get(reference))) return notFound(reference, io);
      if (!(await store.skipFile(reference, file))) {
        io.err(
          `${reference} has no refused file ${file} (see npm run outbox -- show ${reference}).`,
        );
        return 1;
      }
      io.out(`File ${file} of ${reference} is left out.`);
      return 0;
    }
    case 'export': {
      const submission = rest[0] ? await store.get(rest[0]) : null;
      if (!submission) return notFound(rest[0], io);
      const flag = rest.indexOf('--to');
      const parent = flag === -1 ? '.' : (rest[flag + 1] ?? '.');
      const exported = await writeExport(store, submission, parent, submissionJson(submission));
      io.out(`Wrote ${exported.dir}: ${exported.files.join(', ')}`);
      if (exported.notKept.length > 0)
        io.out(`Not kept (delivered to the platform): ${exported.notKept.join(', ')}`);
      return 0;
    }
    case 'purge-delivered':
    case 'purge-spam':
    case 'purge-dead': {
      const flag = rest.indexOf('--older-than-days');
      const days = flag === -1 ? 0 : Number(rest[flag + 1]);
      if (!Number.isFinite(days) || days < 0) {
        io.err('--older-than-days takes a number of days, like --older-than-days 30.');
        return 2;
      }
      const before = io.now() - days * DAY_MS + (days === 0 ? 1 : 0);
      const kind = command.slice('purge-'.length);
      const purge = {
        spam: (at: number) => store.purgeSpam(at),
        delivered: (at: number) => store.purgeDelivered(at),
        dead: (at: number) => store.purgeNotifiedDead(at),
      }[kind as 'spam' | 'delivered' | 'dead'];
      const purged = await purge(before);
      io.out(`Deleted ${purged} ${kind} submission${purged === 1 ? '' : 's'}.`);
      return 0;
    }
    case 'webhooks':
      return runWebhooksCommand(rest, store, io);
    case 'subject':
      return listSubject(rest, store, io);
    case 'subject-export':
      return exportSubject(rest, store, io);
    case 'erase':
      return erase(rest, store, io);
    case 'counts': {
      const counts = await store.counts();
      const age =
        counts.oldestQueuedAt === null
          ? 'none waiting'
          : `${Math.round((io.now() - counts.oldestQueuedAt) / 1000)} s`;
      io.out(
        `queued ${counts.queued}, delivered ${counts.delivered}, partly delivered ${counts.partial}, dead ${counts.dead}, spam ${counts.spam}, ` +
          `oldest queued ${age}, possible duplicates ${counts.possibleDuplicates} enquiries and ${counts.possibleDuplicateUploads} files`,
      );
      return 0;
    }
    case 'verify-receipt':
      return verifyReceiptCommand(rest, store, io);
    default:
      io.err(
        command && command !== 'help' && command !== '--help'
          ? `Unknown command "${command}".\n\n${USAGE}`
          : USAGE,
      );
      return command === 'help' || command === '--help' ? 0 : 2;
  }
}

/** How many leads `list` reads at a time. */
export const LIST_PAGE = 500;

/**
 * Every lead of `state` (or all), oldest first as `list` prints them, read a page at a time by
 * the console's query (`leadPage`: newest first, keyset paged), so both list leads one way.
 */
async function everyLead(
  store: Pick<OperatorView, 'leadPage'>,
  state: SubmissionState | undefined,
): Promise<Submission[]> {
  const leads: Submission[] = [];
  for (let before: number | undefined; ;) {
    const page = await store.leadPage({
      limit: LIST_PAGE,
      ...(state ? { state } : {}),
      ...(before === undefined ? {} : { before }),
    });
    leads.push(...page);
    if (page.length < LIST_PAGE) return leads.reverse();
    before = page.at(-1)?.id;
  }
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
