/**
 * `npm run outbox -- form export [--version N] [--to <file>] | import <file> [--publish] |
 * versions`: the form's versions from a shell, for those who keep their form in git. `export`
 * prints a version's configuration byte for byte (the latest, or N), or writes it to a file
 * (`npm run` prints lines of its own before a script's output, which a redirect would put in the
 * file: `--to`, or `npm run -s`, keeps them out); `import` checks a file as a publish checks it
 * (the schema, each translation, the id rules against every version published) and makes it the
 * draft, or with `--publish` the next version; each refusal is printed in words, with the exit
 * code 1. A version published here is served by a running proxy within seconds.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isoTime } from '../operator/lead-report.ts';
import type { AuditLog, FormVersions } from '../outbox/store.ts';
import { checkConfig, unreadableText } from '../studio/check-config.ts';
import { formHistory } from '../studio/form-history.ts';
import type { StudioIssue } from '../studio/form-studio.ts';
import type { CommandIo } from './command-io.ts';

/** Where `form export` writes its text as it is, no newline added (`out`, a line, without it). */
export interface FormIo extends CommandIo {
  write?: (text: string) => void;
}

/** The command line's part in a version or a draft, as the versions and the audit log name it. */
const CLI = { person: 'cli', client: 'cli' };

const USAGE = 'form export [--version N] [--to <file>] | import <file> [--publish] | versions';

/** The number after `flag`, if it is a whole number from 1. */
function numberAfter(args: readonly string[], flag: string): number | undefined {
  const at = args.indexOf(flag);
  if (at < 0) return undefined;
  const value = Number(args[at + 1]);
  return Number.isSafeInteger(value) && value >= 1 ? value : Number.NaN;
}

/** Each problem on its own line, in words, where it is as a path too (for an editor). */
const printIssues = (io: CommandIo, file: string, issues: readonly StudioIssue[]) => {
  io.err(`${file} is refused:`);
  for (const issue of issues)
    io.err(`  ${issue.message}${issue.path.length > 0 ? ` (at ${issue.path.join('.')})` : ''}`);
};

/** A file's text and the strings files it names (from its folder), or why not. */
function readImport(path: string): { text: string; strings: Record<string, string> } | string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return `cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`;
  }
  const unreadable = unreadableText(text);
  if (unreadable) return unreadable.message;
  const named = (JSON.parse(text) as { strings?: unknown }).strings;
  const strings: Record<string, string> = {};
  if (typeof named === 'object' && named !== null)
    for (const file of Object.values(named))
      if (typeof file === 'string')
        try {
          strings[file] = readFileSync(resolve(dirname(path), file), 'utf8');
        } catch {
          // Left out: the check names the strings file it cannot read.
        }
  return { text, strings };
}

async function importForm(
  args: readonly string[],
  store: FormVersions & Pick<AuditLog, 'recordAudit'>,
  io: CommandIo,
): Promise<number> {
  const [path] = args.filter((arg) => !arg.startsWith('--'));
  if (!path) {
    io.err(`Usage: ${USAGE}`);
    return 2;
  }
  const read = readImport(path);
  if (typeof read === 'string') {
    io.err(read);
    return 1;
  }
  const history = formHistory(store);
  // Another publish between the check and this one: checked again against it.
  for (let attempt = 0; attempt < 3; attempt++) {
    const latest = await store.latestFormVersion();
    const { issues } = checkConfig(JSON.parse(read.text), await history.published(), read.strings);
    if (issues.length > 0) {
      printIssues(io, path, issues);
      return 1;
    }
    if (!args.includes('--publish')) {
      const draft = await store.formDraft();
      const saved = await store.saveFormDraft({
        ...read,
        revision: draft.revision,
        basedOn: latest,
        by: CLI.person,
        at: io.now(),
      });
      if (saved.kind === 'stale') continue;
      await store.recordAudit({
        at: io.now(),
        client: 'cli',
        action: 'import form draft',
        reference: null,
        detail: path,
      });
      io.out(
        `${path} is now the draft (revision ${String(saved.draft.revision)}${draft.text === null ? '' : `, in place of the one ${draft.savedBy} saved at ${isoTime(draft.savedAt)}`}): publish it in the console, or import it with --publish.`,
      );
      return 0;
    }
    const outcome = await store.publishFormVersion({
      expected: latest,
      ...read,
      source: 'import',
      at: io.now(),
      by: CLI,
    });
    if (outcome.kind === 'published') {
      io.out(
        `Published ${path} as version ${String(outcome.version.version)}: running proxies serve it within seconds.`,
      );
      return 0;
    }
  }
  io.err('Others kept publishing while this import was checked: run it again.');
  return 1;
}

/**
 * Writes `version`'s text to `path` whole or not at all (beside it first, then renamed over it),
 * so a failure halfway never leaves half a form where the last one was.
 */
function exportTo(path: string, version: { version: number; text: string }, io: CommandIo) {
  const beside = `${path}.${String(process.pid)}.part`;
  try {
    writeFileSync(beside, version.text);
    renameSync(beside, path);
  } catch (error) {
    rmSync(beside, { force: true });
    io.err(`cannot write ${path}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  io.out(`Wrote version ${String(version.version)} of the form to ${path}.`);
  return 0;
}

/** Runs `form …`; returns the exit code. */
export async function formCommand(
  args: readonly string[],
  store: FormVersions & Pick<AuditLog, 'recordAudit'>,
  io: FormIo,
): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'versions') {
    const versions = await store.formVersions();
    if (versions.length === 0) io.out('No version of the form has been published yet.');
    for (const v of versions)
      io.out(
        [
          String(v.version).padStart(4),
          isoTime(v.publishedAt),
          (v.source + (v.from === undefined ? '' : ` of ${String(v.from)}`)).padEnd(14),
          v.publishedBy,
        ].join('  '),
      );
    return 0;
  }
  if (action === 'export') {
    const wanted = numberAfter(rest, '--version');
    if (Number.isNaN(wanted)) {
      io.err('--version takes a version number: 1, 2, 3…');
      return 2;
    }
    const version = await store.formVersion(wanted ?? 'latest');
    if (!version) {
      io.err(
        wanted === undefined
          ? 'No version of the form has been published yet.'
          : `There is no version ${String(wanted)}.`,
      );
      return 1;
    }
    if (!rest.includes('--to')) {
      (io.write ?? io.out)(version.text);
      return 0;
    }
    const to = rest[rest.indexOf('--to') + 1];
    if (!to || to.startsWith('--')) {
      io.err('--to takes the file to write, like form export --to form.json');
      return 2;
    }
    return exportTo(to, version, io);
  }
  if (action === 'import') return importForm(rest, store, io);
  io.err(`Usage: ${USAGE}`);
  return 2;
}
