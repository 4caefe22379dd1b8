/**
 * One lead as the files a person can open: `enquiry.json` (every field, the answers, the
 * attribution, how delivery went) and each file the proxy still keeps, by its name (files the
 * platform has are deleted on delivery). The CLI writes them to a folder (`npm run outbox --
 * export`, `subject-export`), the console sends them as a ZIP (`zip.ts`). A file's bytes are
 * read from the outbox (the SQLite vault, PostgreSQL's chunks) as they are written out, a piece
 * at a time: a lead with 100 MB of files never costs 100 MB of memory.
 */
import { memorySource, type ByteSource } from '../client/byte-source.ts';
import type { FileSource } from '../outbox/store.ts';
import type { Submission } from '../outbox/submission.ts';

/** One file of an export: the name it is written under, and its bytes as they are read. */
export interface ExportEntry {
  name: string;
  source: ByteSource;
}

/** What an export holds. */
export interface LeadExport {
  /** `enquiry.json` first, then each kept file. */
  entries: ExportEntry[];
  /** Files the proxy no longer keeps (delivered), by name. */
  notKept: string[];
}

/**
 * A lead's file as the outbox still keeps it, or undefined when it no longer does (files the
 * platform has are deleted on delivery): kept when its first piece can be read. The piece is let
 * go at once (and the file closed); the file is read again from its start when it is sent.
 */
export async function keptFile(
  store: FileSource,
  submission: Pick<Submission, 'id'>,
  index: number,
): Promise<ByteSource | undefined> {
  const source = await store.fileSource(submission.id, index).catch(() => undefined);
  if (!source) return undefined;
  const pieces = source.pieces()[Symbol.asyncIterator]();
  try {
    return (await pieces.next()).done ? undefined : source;
  } catch {
    return undefined;
  } finally {
    await pieces.return?.();
  }
}

/** The export of `submission`, with `summary` as its `enquiry.json`. */
export async function leadExport(
  store: FileSource,
  submission: Submission,
  summary: unknown,
): Promise<LeadExport> {
  const entries: ExportEntry[] = [
    {
      name: 'enquiry.json',
      source: memorySource(Buffer.from(`${JSON.stringify(summary, null, 2)}\n`)),
    },
  ];
  const notKept: string[] = [];
  for (const file of submission.files) {
    const source = await keptFile(store, submission, file.index);
    // The index keeps two files of one name apart; the name is the one sent (already safe).
    if (source) entries.push({ name: `${String(file.index)}-${file.name}`, source });
    else notKept.push(file.name);
  }
  return { entries, notKept };
}
