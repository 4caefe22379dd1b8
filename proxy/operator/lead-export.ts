/**
 * One lead as the files a person can open: `enquiry.json` (every field, the answers, the
 * attribution, how delivery went) and each file the proxy still keeps, by its name (files the
 * platform has are deleted on delivery). The CLI writes them to a folder (`npm run outbox --
 * export`), the console sends them as a ZIP (`zip.ts`).
 */
import { readAll } from '../client/byte-source.ts';
import type { FileSource } from '../outbox/store.ts';
import type { Submission } from '../outbox/submission.ts';

/** One file of an export, by the name it is written under. */
export interface ExportEntry {
  name: string;
  bytes: Uint8Array;
}

/** What an export holds. */
export interface LeadExport {
  /** `enquiry.json` first, then each kept file. */
  entries: ExportEntry[];
  /** Files the proxy no longer keeps (delivered), by name. */
  notKept: string[];
}

/** The export of `submission`, with `summary` as its `enquiry.json`. */
export async function leadExport(
  store: FileSource,
  submission: Submission,
  summary: unknown,
): Promise<LeadExport> {
  const entries: ExportEntry[] = [
    { name: 'enquiry.json', bytes: Buffer.from(`${JSON.stringify(summary, null, 2)}\n`) },
  ];
  const notKept: string[] = [];
  for (const file of submission.files) {
    const bytes = await store
      .fileSource(submission.id, file.index)
      .then(readAll)
      .catch(() => undefined);
    // The index keeps two files of one name apart; the name is the one sent (already safe).
    if (bytes) entries.push({ name: `${String(file.index)}-${file.name}`, bytes });
    else notKept.push(file.name);
  }
  return { entries, notKept };
}
