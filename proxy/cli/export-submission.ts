/**
 * `npm run outbox -- export <reference> [--to DIR]`: one submission as a folder a person can
 * open: `enquiry.json` (every field, the answers, the attribution, how delivery went) and each
 * file the proxy still keeps, by its name (files the platform has are deleted on delivery).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { readAll } from '../client/byte-source.ts';
import type { FileSource } from '../outbox/store.ts';
import type { Submission } from '../outbox/submission.ts';

/** What the export wrote. */
export interface Exported {
  dir: string;
  files: string[];
  /** Files the proxy no longer keeps (delivered), by name. */
  notKept: string[];
}

/** Writes `submission` under `parent/<reference>/`. */
export async function exportSubmission(
  store: FileSource,
  submission: Submission,
  parent: string,
  summary: unknown,
): Promise<Exported> {
  const dir = resolve(parent, submission.reference);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(join(dir, 'enquiry.json'), `${JSON.stringify(summary, null, 2)}\n`, {
    mode: 0o600,
  });
  const files: string[] = [];
  const notKept: string[] = [];
  for (const file of submission.files) {
    // The index keeps two files of one name apart; the name is the one sent (already safe).
    const name = `${String(file.index)}-${file.name}`;
    const bytes = await store
      .fileSource(submission.id, file.index)
      .then(readAll)
      .catch(() => undefined);
    if (!bytes) {
      notKept.push(file.name);
      continue;
    }
    await writeFile(join(dir, name), bytes, { mode: 0o600 });
    files.push(name);
  }
  return { dir, files, notKept };
}
