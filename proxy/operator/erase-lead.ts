/**
 * Erasing one lead, as the CLI (`erase`) and the console both do it: the store removes the
 * submission, its files, keys, notifications and webhook deliveries and logs a salted hash;
 * what is left here is the spool, where a request cut short by a crash may have left a copy
 * of a file's bytes.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ErasureOutcome, SubjectRights } from '../outbox/store.ts';

/** Who asks, and whether a lead not yet delivered may be lost. */
export interface EraseRequest {
  force: boolean;
  at: number;
  /** `cli`, or the console's client address. */
  client: string;
  /** Who asked in the console (the audit log names them and their role). */
  who?: { email: string; role: string } | undefined;
  /** Where uploads are spooled as they arrive (`DATA_DIR/incoming`), when known. */
  spoolDir?: string | undefined;
}

/** Erases `reference`; the spool's copies of its files go too. */
export async function eraseLead(
  store: Pick<SubjectRights, 'erase'>,
  reference: string,
  request: EraseRequest,
): Promise<ErasureOutcome> {
  const { force, at, client, who } = request;
  const outcome = await store.erase(reference, {
    force,
    at,
    client,
    ...(who ? { person: who.email, role: who.role } : {}),
  });
  if (outcome.kind === 'erased')
    removeSpooled(
      request.spoolDir,
      outcome.submission.files.map((f) => f.sha256),
    );
  return outcome;
}

/** Removes spool leftovers (a crash mid-request) holding one of the erased files' bytes. */
function removeSpooled(dir: string | undefined, sha256s: readonly string[]) {
  if (!dir || sha256s.length === 0) return;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(dir, name);
    const hash = createHash('sha256').update(readFileSync(path)).digest('hex');
    if (sha256s.includes(hash)) rmSync(path, { force: true });
  }
}
