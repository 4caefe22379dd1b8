/**
 * `npm run outbox -- unfinished list [--json]` and `unfinished erase <id>` (`docs/unfinished.md`):
 * the unfinished enquiries kept now, newest change first, read a page at a time so the command
 * holds one page however many are kept; and one erased for the firm, noted in the audit log by its
 * id. A person's request finds and erases theirs with `subject` (`subject-commands.ts`).
 */
import { isoTime } from '../operator/lead-report.ts';
import type { UnfinishedView } from '../outbox/store.ts';
import { whoKept, type UnfinishedRecord } from '../outbox/unfinished.ts';
import type { CommandIo } from './command-io.ts';

const USAGE = 'Usage: npm run outbox -- unfinished list [--json] | unfinished erase <id>';

/** Records read from the outbox at a time. */
export const UNFINISHED_PAGE = 200;

/** What the command reads and does. */
export type UnfinishedCommandStore = Pick<
  UnfinishedView,
  'unfinishedPage' | 'eraseUnfinishedRecord'
>;

/** A record as `--json` writes it (and `subject`): what the firm reads, times in ISO 8601. */
export function unfinishedJson(record: UnfinishedRecord) {
  const { fields } = record;
  return {
    ...whoKept(record),
    lang: record.lang,
    answers: fields.answers,
    consent: { statement: record.consent.statement, at: isoTime(record.consent.at) },
    reminder: record.reminder && {
      statement: record.reminder.statement,
      at: isoTime(record.reminder.at),
      dueAt: isoTime(record.reminder.dueAt),
      sentAt: isoTime(record.reminder.sentAt),
    },
    createdAt: isoTime(record.createdAt),
    updatedAt: isoTime(record.updatedAt),
    expiresAt: isoTime(record.expiresAt),
  };
}

/** One line of the listing: when it changed, its id, who, what about, until when. */
const line = (record: UnfinishedRecord) => {
  const kept = unfinishedJson(record);
  const who = [kept.name, kept.email, kept.telephone].filter(Boolean).join(', ');
  return `${kept.updatedAt ?? ''}  ${kept.id}  ${who}  ${kept.caseType || '(no case type)'}  expires ${kept.expiresAt ?? ''}`;
};

/** `unfinished list [--json]` | `unfinished erase <id>`; its exit code. */
export async function unfinishedCommand(
  args: readonly string[],
  store: UnfinishedCommandStore,
  io: CommandIo,
): Promise<number> {
  const [verb, ...rest] = args;
  if (verb === 'erase' && rest.length === 1 && rest[0]) {
    const id = rest[0];
    if (!(await store.eraseUnfinishedRecord(id, io.now(), 'cli'))) {
      io.err(`No unfinished enquiry ${id} is kept.`);
      return 1;
    }
    io.out(`Erased unfinished enquiry ${id}.`);
    return 0;
  }
  if (verb !== 'list' || rest.some((arg) => arg !== '--json')) {
    io.err(USAGE);
    return 2;
  }
  const json = rest.includes('--json');
  // As JSON.stringify(array, null, 2) writes it, a record at a time.
  let pending: string | undefined;
  let listed = 0;
  let before: { at: number; id: string } | undefined;
  for (;;) {
    const page = await store.unfinishedPage({ limit: UNFINISHED_PAGE, ...(before && { before }) });
    for (const record of page) {
      if (json) {
        io.out(pending === undefined ? '[' : `${pending},`);
        pending = JSON.stringify(unfinishedJson(record), null, 2).replace(/^/gm, '  ');
      } else io.out(line(record));
      listed += 1;
    }
    const last = page.at(-1);
    if (!last || page.length < UNFINISHED_PAGE) break;
    before = { at: last.updatedAt, id: last.id };
  }
  if (json) io.out(pending === undefined ? '[]' : `${pending}\n]`);
  else if (listed === 0) io.out('No unfinished enquiries are kept.');
  return 0;
}
