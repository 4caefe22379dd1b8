/**
 * An upload checked the moment its last byte is stored, while the visitor can still choose
 * another: the same checks a file in the multipart body meets (its kind by its bytes, its size,
 * the pixel budget and decoding, a PDF's active content, a file to convert looked at by the
 * converter), read from the outbox's storage as it streams: where the upload is a file (SQLite)
 * the checks read it there, where it is chunks in a database (PostgreSQL) it is first streamed
 * to a file of the spool, as a multipart file part is. A file to convert is converted then too. The verdict is kept on the upload's
 * row, so a HEAD from any instance (after a reload) answers it, and Send needs no second look.
 */
import { createHash } from 'node:crypto';
import type { FieldIssue, RuleIssue } from '../../contract/issues.ts';
import {
  CONVERTED_KINDS,
  isPlatformKind,
  kindList,
  type AcceptedKind,
} from '../../contract/limits.ts';
import { mimeOf, sniffKind, SNIFF_BYTES, SNIFF_TAIL_BYTES } from '../../contract/file-kinds.ts';
import { checkFiles } from '../../contract/file-rules.ts';
import type { UploadCheck } from '../../contract/upload-check.ts';
import { memorySource, type ByteSource } from '../../client/byte-source.ts';
import type { ConversionError, Converter } from '../../convert/conversion.ts';
import { wordingFor, type Wording } from '../../http/form-language.ts';
import { issueIn } from '../../http/refusal.ts';
import type { Logger } from '../../logger.ts';
import type { UploadRow, UploadStore } from '../../outbox/upload-store.ts';
import { Collected, tempSpool, type FileSpool, type SpooledFile } from '../file-spool.ts';
import type { IntakeFile } from '../check-submission.ts';
import { inspectFile, issueOf } from '../inspect-files.ts';
import type { ConvertOnArrival } from './convert-on-arrival.ts';
import type { UploadRouteDeps } from './upload-deps.ts';

/** What the check reads; the form's languages say its verdict in the upload's (`lang`). */
export interface UploadCheckDeps {
  form: UploadRouteDeps['form'];
  store: UploadStore;
  /** Without it (tests of other things), files are taken by their bytes' kind alone. */
  converter?: Pick<Converter, 'inspect'> | undefined;
  log: Pick<Logger, 'info'>;
  /** Converts an upload the platform does not take as soon as it is checked; without it, the outbox does. */
  convert?: ConvertOnArrival | undefined;
  /** Where an upload that is not a file is written to be checked; the system's temp dir without it. */
  spool?: FileSpool | undefined;
}

/** Checks the complete upload `row`, records the verdict on it and answers it. */
export async function checkUpload(row: UploadRow, deps: UploadCheckDeps): Promise<UploadCheck> {
  const stored = await deps.store.uploadSource(row);
  const { path } = stored;
  if (path) return checkFile(row, await learnt({ ...stored, path }), deps);
  const spool = deps.spool ?? tempSpool();
  const spooled = await spool.write(stored.pieces(), row.length);
  try {
    return await checkFile(row, spooled, deps);
  } finally {
    await spool.discard([spooled]);
  }
}

/** What the spool learns of a file as it writes it, learnt of a file already on disk. */
async function learnt(source: ByteSource & { path: string }): Promise<SpooledFile> {
  const hash = createHash('sha256');
  const head = new Collected(SNIFF_BYTES, 'first');
  const tail = new Collected(SNIFF_TAIL_BYTES, 'last');
  for await (const piece of source.pieces()) {
    hash.update(piece);
    head.add(piece);
    tail.add(piece);
  }
  return { ...source, sha256: hash.digest('hex'), head: head.bytes(), tail: tail.bytes() };
}

async function checkFile(
  row: UploadRow,
  source: SpooledFile,
  deps: UploadCheckDeps,
): Promise<UploadCheck> {
  let { sha256 } = source;
  const wording = wordingFor(deps.form.current(), row.lang ?? undefined);
  const sniffed = sniffKind(source.head, source.tail);
  const field = 'files[0]';
  const name = row.filename;
  const files = deps.form.files();
  const [ruleIssue] = checkFiles(
    [{ name, size: row.length, kind: sniffed }],
    files,
    kindList(files.kinds, wording.lang, wording.words['kind.txt']),
  );
  let check: UploadCheck;
  if (ruleIssue || sniffed === 'other' || sniffed === 'audio_video') {
    check = {
      status: 'refused',
      issue: said(
        ruleIssue ?? { field, code: 'file_kind', messageKey: 'file.file_kind', params: { name } },
        wording,
      ),
    };
  } else {
    const kind: AcceptedKind = sniffed;
    const file = { name, postname: name, kind, mime: mimeOf(kind), size: row.length, sha256 };
    ({ check, sha256 } = await judge(row, { ...file, content: source }, deps, wording));
  }
  await deps.store.recordUploadVerdict(
    row.id,
    sha256,
    check.status === 'accepted' ? check.kind : sniffed,
    JSON.stringify(check),
  );
  return check;
}

/** The issue in the upload's language: the widget shows its `params`, an API client its `message`. */
const said = (issue: RuleIssue, { words, lang }: Wording): FieldIssue =>
  issueIn(issue, words, lang);

/**
 * A file of a kind the form takes, looked at as the intake looks at one (`inspect-files.ts`),
 * then converted at once when the platform does not take its kind (`convert-on-arrival.ts`). What
 * the upload keeps takes its place: a PDF without its active content, a converted file.
 */
async function judge(
  row: UploadRow,
  file: IntakeFile,
  deps: UploadCheckDeps,
  wording: Wording,
): Promise<{ check: UploadCheck; sha256: string }> {
  const { kind, name } = file;
  const issue = (problem: ConversionError) =>
    said(issueOf('files[0]', name, kind, problem, wording), wording);
  const refused = (problem: ConversionError) => ({
    check: { status: 'refused', issue: issue(problem) } as const,
    sha256: file.sha256,
  });
  const { stored, problem } = deps.converter
    ? await inspectFile(file, deps.converter, deps.log)
    : { stored: file, problem: undefined };
  if (problem) return refused(problem);
  if (stored !== file) await deps.store.replaceUpload(row.id, stored.content);
  if (isPlatformKind(kind)) return { check: { status: 'accepted', kind }, sha256: stored.sha256 };
  const outcome = deps.convert ? await deps.convert(kind, file.content, row.client) : undefined;
  if (outcome?.kind === 'refused') return refused(outcome.problem);
  if (outcome?.kind !== 'converted') {
    const becomes = CONVERTED_KINDS[kind].becomes;
    return { check: { status: 'accepted', kind, becomes }, sha256: file.sha256 };
  }
  const { bytes, kind: becomes } = outcome.converted;
  await deps.store.replaceUpload(row.id, memorySource(bytes));
  deps.log.info({ kind, as: becomes }, 'an upload was converted as it arrived');
  return {
    check: { status: 'accepted', kind, becomes, converted: true },
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}
