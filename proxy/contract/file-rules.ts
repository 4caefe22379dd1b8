/**
 * The rules for attached files: how many, how big, what kind. Shared by the widget (checked as
 * files are chosen) and the proxy (checked again on the bytes that arrived).
 */
import type { SniffedKind } from './file-kinds.ts';
import type { FormConfig } from './schemas/form-config.ts';
import { PLATFORM_KINDS } from './limits.ts';
import type { RuleIssue } from './issues.ts';

/** What the rules need to know of one file. */
export interface FileFacts {
  name: string;
  size: number;
  kind: SniffedKind;
}

/**
 * Every rule the chosen files break: `files[i]` for a file's own problem, `files` for the count.
 * `kinds` names the accepted kinds in the messages: `kindList(limits.kinds)`, which the widget
 * has from the picker the proxy sent (`GET /api/form`) rather than carry the table of kinds.
 *
 * @example checkFiles([{ name: 'song.mp3', size: 4e6, kind: 'audio_video' }], config.files, 'PDF or JPEG')
 *   // [{ field: 'files[0]', code: 'file_audio_video', ... }]
 */
export function checkFiles(
  files: readonly FileFacts[],
  limits: FormConfig['files'],
  kinds: string,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const accepted: readonly string[] = limits.kinds ?? PLATFORM_KINDS;
  if (files.length > limits.maxFiles) {
    issues.push({
      field: 'files',
      code: 'too_many_files',
      messageKey: 'files.too_many_files',
      params: { max: limits.maxFiles },
    });
  }
  files.forEach((file, i) => {
    const field = `files[${i}]`;
    const name = file.name;
    if (file.size === 0) {
      issues.push({ field, code: 'file_empty', messageKey: 'file.file_empty', params: { name } });
    } else if (file.size > limits.maxFileBytes) {
      issues.push({
        field,
        code: 'file_too_big',
        messageKey: 'file.file_too_big',
        // In bytes: the limit is written in the language the issue is said in.
        params: { name, max: { bytes: limits.maxFileBytes } },
      });
    } else if (file.kind === 'audio_video') {
      issues.push({
        field,
        code: 'file_audio_video',
        messageKey: 'file.file_audio_video',
        params: { name, kinds },
      });
    } else if (file.kind === 'other' || !accepted.includes(file.kind)) {
      issues.push({
        field,
        code: 'file_kind',
        messageKey: 'file.file_kind',
        params: { name, kinds },
      });
    }
  });
  return issues;
}
