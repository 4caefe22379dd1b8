/**
 * A person's rights from the command line: `subject` lists what the outbox holds about one
 * email address or telephone number, `subject-export` writes it for a subject access request,
 * `erase` removes one submission or everything about one email address, its saved and unfinished
 * enquiries included (see `docs/privacy.md`, `docs/unfinished.md`).
 */
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Subject, SubjectHoldings, SubjectRights, UnfinishedView } from '../outbox/store.ts';
import type { CommandIo } from './command-io.ts';
import { eraseLead } from '../operator/erase-lead.ts';
import { isoTime, submissionJson } from '../operator/lead-report.ts';
import { askedNumber, isPhoneCountry } from '../outbox/machine/telephone.ts';
import { writeExport } from './write-export.ts';
import { draftsOfEmail, eraseDraftsOf, type DraftRights } from '../operator/person-drafts.ts';
import { unfinishedJson } from './unfinished-command.ts';

/** What the rights commands know of the proxy's setup, when the CLI knows it. */
export interface RightsIo extends CommandIo {
  /** Where the proxy spools uploads as they arrive (`DATA_DIR/incoming`). */
  spoolDir?: string;
  /** The country the form reads a number without its country code in (`phone.defaultCountry`). */
  phoneCountry?: string | undefined;
}

/** The options that take a value: `--to DIR`, `--country GB`. */
const VALUED = new Set(['--to', '--country']);

/** The person named: the first argument that is neither an option nor an option's value. */
const whoIn = (args: readonly string[]) =>
  args.find((arg, i) => !arg.startsWith('--') && !VALUED.has(args[i - 1] ?? ''));

/**
 * An email when it has an `@`, else a telephone number, read in `--country` or the form's
 * country when written without its country code; a string (said why) when it cannot be read.
 */
function subjectOf(who: string, args: readonly string[], io: RightsIo): Subject | string {
  if (who.includes('@')) return { email: who };
  const flag = args.indexOf('--country');
  const country = flag === -1 ? io.phoneCountry : args[flag + 1]?.toUpperCase();
  if (country !== undefined && !isPhoneCountry(country))
    return `--country takes a country's two-letter code, like --country GB, not "${country}".`;
  if (!askedNumber(who, country))
    return `Write the number with its country code, like +44 20 7946 0958, or name the country it belongs to, like --country GB.`;
  return { telephone: who, ...(country ? { country } : {}) };
}

/**
 * The webhook messages held, each body as the JSON it is (the enquiry, files and all), or null
 * once delivered (its `bodySha256` says what was sent).
 */
const webhooksOf = (held: SubjectHoldings) =>
  held.webhooks.map((w) => ({
    ...w,
    body: w.body === null ? null : (JSON.parse(w.body) as unknown),
  }));

/** What the rights commands ask of the outbox: a person's submissions, saved and unfinished enquiries. */
export type RightsStore = SubjectRights &
  DraftRights &
  Pick<UnfinishedView, 'unfinishedOf' | 'eraseUnfinishedRecord'>;

/** The unfinished enquiries kept for `subject` (an address or a number), as the firm reads them. */
const unfinishedOf = async (store: RightsStore, subject: Subject) =>
  (await store.unfinishedOf(subject)).map(unfinishedJson);

/** The saved enquiries of an email subject (none for a telephone number: drafts hold no number). */
const draftsOf = (store: RightsStore, subject: Subject) =>
  'email' in subject ? draftsOfEmail(store, subject.email) : Promise.resolve([]);

/** `subject <email or telephone> [--country CC] [--json]`. */
export async function listSubject(args: readonly string[], store: RightsStore, io: RightsIo) {
  const who = whoIn(args);
  if (!who)
    return usage(io, 'Name an email address or telephone number, like subject ada@example.com.');
  const subject = subjectOf(who, args, io);
  if (typeof subject === 'string') return usage(io, subject);
  const held = await store.findSubject(subject);
  const drafts = await draftsOf(store, subject);
  const unfinished = await unfinishedOf(store, subject);
  if (args.includes('--json')) {
    io.out(
      JSON.stringify(
        {
          ...held,
          submissions: held.submissions.map((s) => submissionJson(s)),
          webhooks: webhooksOf(held),
          drafts,
          unfinished,
        },
        null,
        2,
      ),
    );
    return 0;
  }
  const none = [held.submissions, held.notifications, drafts, unfinished].every((l) => !l.length);
  if (none) {
    io.out(`The outbox holds nothing about ${who}.`);
    return 0;
  }
  for (const s of held.submissions) {
    const files = s.files.map((f) => f.name).join(', ') || 'no files';
    io.out(
      `submission ${s.reference}  ${s.state}  ${isoTime(s.receivedAt)}  ${s.upstream.forename} ${s.upstream.surname}  files: ${files}`,
    );
  }
  for (const n of held.notifications)
    io.out(
      `notification ${n.id}  ${n.kind} by ${n.channel}  ${n.state}  ${n.reference ?? ''}`.trimEnd(),
    );
  for (const w of held.webhooks)
    io.out(`webhook ${w.id}  ${w.event} to ${w.endpoint}  ${w.state}  ${w.reference}`);
  for (const a of held.audit)
    io.out(`audit ${a.id}  ${isoTime(a.at)}  ${a.action} by ${a.client}  ${a.reference}`);
  for (const d of drafts)
    io.out(
      `saved enquiry (encrypted)  saved ${isoTime(d.savedAt)}  kept until ${isoTime(d.expiresAt)}  files: ${String(d.uploads)}`,
    );
  for (const u of unfinished)
    io.out(
      `unfinished enquiry ${u.id}  changed ${u.updatedAt ?? ''}  kept until ${u.expiresAt ?? ''}  ${u.caseType}`.trimEnd(),
    );
  return 0;
}

/** `subject-export <email or telephone> --to DIR [--country CC]`: a folder per submission and a manifest. */
export async function exportSubject(args: readonly string[], store: RightsStore, io: RightsIo) {
  const who = whoIn(args);
  const flag = args.indexOf('--to');
  const to = flag === -1 ? undefined : args[flag + 1];
  if (!who || !to)
    return usage(
      io,
      'Name the person and a folder, like subject-export ada@example.com --to ./ada.',
    );
  const subject = subjectOf(who, args, io);
  if (typeof subject === 'string') return usage(io, subject);
  const held = await store.findSubject(subject);
  const written = [];
  for (const s of held.submissions)
    written.push(
      await writeExport(
        store,
        s,
        to,
        submissionJson(
          s,
          held.notifications.filter((n) => n.reference === s.reference),
        ),
      ),
    );
  const manifest = {
    subject: who,
    exportedAt: new Date(io.now()).toISOString(),
    submissions: written.map((w, i) => ({
      reference: held.submissions[i]?.reference,
      folder: w.dir,
      files: w.files,
      notKept: w.notKept,
    })),
    notifications: held.notifications,
    webhooks: webhooksOf(held),
    audit: held.audit,
    // Encrypted in the visitor's browser, with a key only their emailed link holds: when each
    // was saved and until when it is kept is all the outbox can say of them.
    drafts: await draftsOf(store, subject),
    // Kept with the visitor's consent while they typed (`docs/unfinished.md`), consent and all.
    unfinished: await unfinishedOf(store, subject),
  };
  await writeFile(join(resolve(to), 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
  io.out(`Wrote ${held.submissions.length} submission(s) and manifest.json to ${resolve(to)}.`);
  return 0;
}

/** `erase <reference> | --email <email> [--force]`: an address's saved enquiries go too. */
export async function erase(args: readonly string[], store: RightsStore, io: RightsIo) {
  const force = args.includes('--force');
  const emailFlag = args.indexOf('--email');
  const email = emailFlag === -1 ? undefined : args[emailFlag + 1];
  const references = email
    ? await store.subjectReferences({ email })
    : args.filter((arg) => !arg.startsWith('--')).slice(0, 1);
  const drafts = email ? await eraseDraftsOf(store, email) : [];
  const unfinished = email ? await store.unfinishedOf({ email }) : [];
  for (const record of unfinished) await store.eraseUnfinishedRecord(record.id, io.now(), 'cli');
  if (unfinished.length > 0) io.out(`Erased ${String(unfinished.length)} unfinished enquiry(ies).`);
  if (drafts.length > 0)
    io.out(
      `Erased ${String(drafts.length)} saved enquiry(ies) with ${String(drafts.reduce((n, d) => n + d.uploads, 0))} file(s).`,
    );
  if (references.length === 0)
    return email
      ? (io.out(`The outbox holds no submission from ${email}.`), 0)
      : usage(
          io,
          'Name a reference or an email, like erase EQ-7K3M-9QXD or erase --email ada@example.com.',
        );
  let refused = 0;
  for (const reference of references) {
    const outcome = await eraseLead(store, reference, {
      force,
      at: io.now(),
      client: 'cli',
      spoolDir: io.spoolDir,
    });
    if (outcome.kind === 'not_found') {
      io.err(`No submission has the reference ${reference}.`);
      refused++;
    } else if (outcome.kind === 'needs_force') {
      const s = outcome.submission;
      io.err(
        `${reference} is ${s.state}, not yet delivered: erasing it loses this lead (the firm never receives ` +
          `${s.upstream.forename} ${s.upstream.surname}'s enquiry${s.files.length ? ` or its ${s.files.length} file(s)` : ''}). ` +
          'Add --force to erase it anyway.',
      );
      refused++;
    } else {
      io.out(
        `Erased ${reference} (${outcome.submission.files.length} file(s), ${outcome.notifications} notification(s)).`,
      );
    }
  }
  return refused === 0 ? 0 : 1;
}

function usage(io: CommandIo, message: string) {
  io.err(message);
  return 2;
}
