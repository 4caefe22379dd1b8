/**
 * Files to convert are looked at on arrival, while the visitor can still choose another: a
 * photo of more pixels than can be decoded, a document that unpacks to hundreds of megabytes,
 * or headers that cannot be read are refused at once (415, naming the file), not found out
 * later in the outbox.
 */
import { readAll } from '../client/byte-source.ts';
import { convertedKindOf } from '../contract/file-kinds.ts';
import { describeIssue, type FieldIssue } from '../contract/issues.ts';
import { ACCEPTED_KINDS } from '../contract/limits.ts';
import type { Converter } from '../convert/conversion.ts';
import type { NewFile } from '../outbox/submission.ts';
import { SubmissionError } from './submission-error.ts';

/** Throws a 415 naming each file to convert that cannot be; the platform's kinds pass. */
export async function inspectFiles(
  files: readonly NewFile[],
  converter: Pick<Converter, 'inspect'>,
): Promise<void> {
  const issues: FieldIssue[] = [];
  for (const [i, file] of files.entries()) {
    const kind = convertedKindOf(file.mime);
    if (kind === undefined) continue;
    const problem = await converter.inspect(kind, Buffer.from(await readAll(file.content)));
    if (!problem) continue;
    const field = `files[${String(i)}]`;
    issues.push(
      describeIssue(
        problem.reason === 'too_large'
          ? {
              field,
              code: 'file_too_large_to_convert',
              messageKey: 'file.file_too_large_to_convert',
              params: { name: file.name, reason: problem.message },
            }
          : {
              field,
              code: 'file_unreadable',
              messageKey: 'file.file_unreadable',
              params: { name: file.name, kind: ACCEPTED_KINDS[kind].label },
            },
      ),
    );
  }
  if (issues.length > 0) throw SubmissionError.unsupportedFile(issues);
}
