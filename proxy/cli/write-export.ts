/**
 * A lead's export written to a folder of its own (`npm run outbox -- export` and
 * `subject-export`): `enquiry.json` and the files still kept, each readable by its owner only,
 * each written as it is read from the outbox.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { leadExport } from '../operator/lead-export.ts';
import type { FileSource } from '../outbox/store.ts';
import type { Submission } from '../outbox/submission.ts';

/** Where one lead's export went: its folder, the files written, the files not kept. */
export interface WrittenExport {
  dir: string;
  files: string[];
  notKept: string[];
}

/** Writes `submission`'s export (with `summary` as `enquiry.json`) under `parent`. */
export async function writeExport(
  store: FileSource,
  submission: Submission,
  parent: string,
  summary: unknown,
): Promise<WrittenExport> {
  const exported = await leadExport(store, submission, summary);
  const dir = resolve(parent, submission.reference);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  for (const { name, source } of exported.entries)
    await pipeline(
      Readable.from(source.pieces(), { objectMode: false }),
      createWriteStream(join(dir, name), { mode: 0o600 }),
    );
  return { dir, files: exported.entries.map((entry) => entry.name), notKept: exported.notKept };
}
