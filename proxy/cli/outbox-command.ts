/**
 * The operator's view of the outbox: `npm run outbox -- <command>`, each command a function in
 * the table below (`lead-commands.ts`, `subject-commands.ts`, `webhooks-command.ts`). Safe while
 * the proxy runs (SQLite in WAL mode lets both use the file, and a running proxy looks at its
 * queue each second; PostgreSQL tells every running proxy of a retried submission at once).
 */
import type {
  AuditLog,
  BookingStore,
  CallMarks,
  FormVersions,
  HostCalendars,
  CalendarConnections,
  HostFeeds,
  Housekeeping,
  OperatorView,
  People,
  Receipts,
  Settings,
  SubjectRights,
  UnfinishedView,
  WebhookDeliveries,
} from '../outbox/store.ts';
import { counts, exportLead, list, purge, retry, show, skip } from './lead-commands.ts';
import { verifyReceiptCommand } from './receipt-command.ts';
import { erase, exportSubject, listSubject, type RightsIo } from './subject-commands.ts';
import { runWebhooksCommand } from './webhooks-command.ts';
import { peopleCommand, type PeopleIo } from './people-command.ts';
import { calendarsCommand } from './calendars-command.ts';
import type { DraftRights } from '../operator/person-drafts.ts';
import { formCommand, type FormIo } from './form-command.ts';
import { callsCommand } from './calls-command.ts';
import { unfinishedCommand } from './unfinished-command.ts';

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
                                                every submission, file, notification, webhook message, audit
                                                entry and saved enquiry about one person (email in any case,
                                                a saved enquiry by its mailbox; telephone in E.164;
                                                one without its country code read as CC's, by default the
                                                form's phone.defaultCountry)
  subject-export <email or telephone> --to DIR [--country CC]
                                                write them for a subject access request: a folder per submission
                                                (enquiry.json and its files) and manifest.json
  erase <reference> | --email <email> [--force] erase a submission (or all of one person's, and their saved
                                                enquiries) with its files, notifications and keys; the audit
                                                log keeps a salted hash only.
                                                One not yet delivered needs --force (its lead is lost)
  counts                                        how many in each state, oldest waiting, possible duplicates
  verify-receipt <code>                         whether the enquiry a visitor's receipt code names was received,
                                                and when (also after retention removed it), or was caught as
                                                spam (exit 3)
  people invite <email> --role <role>           invite a person to the console (role: marketer, editor,
                                                staff or operator): prints the link that registers their
                                                passkey, once, within a week
  people list                                   everyone, their role, passkeys and open sessions
  people role <email> <role>                    give a person another role (from their next click)
  people remove <email>                         remove a person: their sessions end at once, and their feed
  people calendar <email> <CalDAV calendar URL> --username <name>
                                                connect a host's own calendar, the password on standard
                                                input (not echoed; or piped in): read once to prove it, then
                                                its busy times are never offered and each call is written
                                                into it. The password is stored sealed (CALENDAR_KEY)
  people calendar <email> microsoft|google      connect a host's Microsoft 365 mailbox or Google calendar
                                                through the firm's connection of that kind (below): read
                                                once to prove it
  people calendar <email> --remove              disconnect it, and end the host's feed (its address answers
                                                404 from then on; showing it again makes a new one)
  people calendar <email> --new-feed            give the host's feed a new address: the old one answers 404
                                                at once, on every instance
  people calendar <email>                       what is connected, and the host's private feed address
  calendars                                     the firm's calendar connections (never a secret)
  calendars <kind> <its settings>               connect the firm's own connection of a kind, its secret
                                                on standard input: a token is fetched to prove it, then
                                                it is stored sealed (CALENDAR_KEY)
  calendars <kind> --remove                     forget the firm's connection of that kind
  form versions                                 the form's versions, newest first: when, how and by whom
  form export [--version N] [--to <file>]       the published form (or version N) as its JSON, byte for byte,
                                                or written to <file>. To redirect it, keep npm's own lines
                                                out of the file: npm run -s outbox -- form export > form.json
  form import <file> [--publish]                check a form configuration file as a publish does (the schema,
                                                its translations, the ids against every version) and make it
                                                the draft, or with --publish the next version; what is
                                                refused is printed (exit 1)
  calls mark <reference> attended|no-show       mark a lead's call as having taken place, or missed by the
                                                visitor (once it has begun): counted in the funnel, sent to
                                                the webhooks that ask for call.attended or call.no_show
  unfinished list [--json]                      the unfinished enquiries kept with their visitors' consent,
                                                newest change first: who, what was typed, the consent's
                                                words and time, when each is erased
  unfinished erase <id>                         erase one kept unfinished enquiry now (in the audit log)
  migrate                                       bring the outbox's schema up to date, and nothing else
                                                (the proxy does it at start too, under a lock)

Reads the PostgreSQL outbox at DATABASE_URL when it is set, else the one in DATA_DIR (default ./data).`;

/** The store every command may use; each takes only what it needs of it. */
type OutboxCommandStore = OperatorView &
  Pick<
    Housekeeping,
    'purgeDelivered' | 'purgeSpam' | 'purgeNotifiedDead' | 'purgeFinishedWebhooks'
  > &
  Receipts &
  Settings &
  SubjectRights &
  WebhookDeliveries &
  People &
  HostCalendars &
  CalendarConnections &
  HostFeeds &
  FormVersions &
  Pick<AuditLog, 'recordAudit'> &
  Pick<BookingStore, 'bookingsOf'> &
  CallMarks &
  DraftRights &
  UnfinishedView;

/** One command: the rest of its command line, the store and where to write; its exit code. */
type Command = (
  args: readonly string[],
  store: OutboxCommandStore,
  io: RightsIo & PeopleIo & FormIo,
) => Promise<number>;

/** Each command by its name, as `USAGE` lists them. */
const COMMANDS: Readonly<Record<string, Command>> = {
  list,
  show,
  retry,
  skip,
  export: exportLead,
  'purge-delivered': purge('delivered'),
  'purge-spam': purge('spam'),
  'purge-dead': purge('dead'),
  webhooks: runWebhooksCommand,
  subject: listSubject,
  'subject-export': exportSubject,
  erase,
  counts,
  'verify-receipt': verifyReceiptCommand,
  people: peopleCommand,
  calendars: calendarsCommand,
  form: formCommand,
  calls: callsCommand,
  unfinished: unfinishedCommand,
};

/** Runs one command; returns the process exit code. */
export async function runOutboxCommand(
  args: readonly string[],
  store: OutboxCommandStore,
  io: RightsIo & PeopleIo & FormIo,
): Promise<number> {
  const [name = '', ...rest] = args;
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (command) return command(rest, store, io);
  const help = name === 'help' || name === '--help';
  io.err(name && !help ? `Unknown command "${name}".\n\n${USAGE}` : USAGE);
  return help ? 0 : 2;
}
