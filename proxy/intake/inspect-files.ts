/**
 * Files are looked at on arrival, while the visitor can still choose another: a photo of more
 * pixels than can be decoded, a document that unpacks to hundreds of megabytes, headers that
 * cannot be read, or a PNG, GIF or JPEG that is not one are refused at once (415, naming the
 * file), not found out later in the outbox. A PDF is stored without its active content.
 */
import { createHash } from 'node:crypto';
import { memorySource, readAll } from '../client/byte-source.ts';
import { describeIssue, type FieldIssue } from '../contract/issues.ts';
import { isPlatformKind, kindName, type AcceptedKind } from '../contract/limits.ts';
import type { ConversionError, Converter } from '../convert/conversion.ts';
import { checkPlatformFile } from '../convert/platform-files.ts';
import type { Logger } from '../logger.ts';
import type { IntakeFile } from './check-submission.ts';
import { Refusal } from '../http/refusal.ts';
import { IN_ENGLISH, type Wording } from '../http/form-language.ts';
import { isEnglish } from '../contract/strings/catalogue.ts';

/**
 * The files as they may be stored (a PDF rewritten without its scripts, the rest as they
 * came), or a 415 naming each file that cannot be taken, in the visitor's `wording`.
 */
export async function inspectFiles(
  files: readonly IntakeFile[],
  converter: Pick<Converter, 'inspect'>,
  log: Pick<Logger, 'info'>,
  wording: Wording = IN_ENGLISH,
): Promise<IntakeFile[]> {
  const issues: FieldIssue[] = [];
  const taken: IntakeFile[] = [];
  for (const [i, file] of files.entries()) {
    const { stored, problem } = await inspectFile(file, converter, log);
    taken.push(stored);
    if (problem)
      issues.push(issueOf(`files[${String(i)}]`, file.name, file.kind, problem, wording));
  }
  if (issues.length > 0) throw Refusal.unsupportedFile(issues);
  return taken;
}

/**
 * One file looked at: as it may be stored (a PDF rewritten without its scripts, the rest as
 * it came), and the problem that refuses it, if any. Uploads are looked at by this too, as
 * they complete (`uploads/check-upload.ts`).
 */
export async function inspectFile(
  file: IntakeFile,
  converter: Pick<Converter, 'inspect'>,
  log: Pick<Logger, 'info'>,
): Promise<{ stored: IntakeFile; problem?: ConversionError | undefined }> {
  const { kind } = file;
  if (!isPlatformKind(kind))
    return {
      stored: file,
      problem: await converter.inspect(kind, Buffer.from(await readAll(file.content))),
    };
  const verdict = await checkPlatformFile(kind, file.content);
  if (verdict.kind === 'refuse') return { stored: file, problem: verdict.problem };
  if (!verdict.bytes) return { stored: file };
  log.info(
    { file: file.name, removed: verdict.removed },
    'a PDF is stored without its active content',
  );
  return { stored: withBytes(file, verdict.bytes) };
}

/** The file with other bytes, held in memory (as a converted file is). */
const withBytes = (file: IntakeFile, bytes: Uint8Array): IntakeFile => ({
  ...file,
  size: bytes.byteLength,
  sha256: createHash('sha256').update(bytes).digest('hex'),
  content: memorySource(bytes),
});

/**
 * Why a file cannot be converted: the converter's own words in English, else its kind of reason
 * in the visitor's language (the converters' many exact reasons are written for the firm too).
 */
const reasonIn = (
  reason: Exclude<ConversionError['reason'], 'unreadable'>,
  message: string,
  { lang, words }: Wording,
): string => (isEnglish(lang) ? message : words[`convert.${reason}`]);

/**
 * A bomb or a file over its limits names why; any other problem says it may be damaged. The
 * kind is named in the visitor's language (`wording`: a text file is a word, not a format).
 */
export function issueOf(
  field: string,
  name: string,
  kind: AcceptedKind,
  problem: ConversionError,
  wording: Wording = IN_ENGLISH,
): FieldIssue {
  return describeIssue(
    problem.reason === 'unreadable'
      ? {
          field,
          code: 'file_unreadable',
          messageKey: 'file.file_unreadable',
          params: { name, kind: kindName(kind, wording.words['kind.txt']) },
        }
      : {
          field,
          code: 'file_too_large_to_convert',
          messageKey: 'file.file_too_large_to_convert',
          params: { name, reason: reasonIn(problem.reason, problem.message, wording) },
        },
  );
}
