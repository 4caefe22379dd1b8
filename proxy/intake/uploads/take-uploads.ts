/**
 * An enquiry naming uploads (`"uploads": ["<id>", …]` in its `enquiry` part) takes them as its
 * files: each claimed for this one enquiry (all or none), when it is complete, checked, alive
 * and made with the form token the enquiry carries or named with its key (`upload_keys`). An
 * upload that is not there, or is another form session's, is answered alike (`404`): nobody learns that someone else's id exists. The
 * files are stored with the enquiry as a file of the multipart body is (the outbox takes their
 * bytes from its own storage), and the uploads are dropped once it holds them.
 */
import { randomUUID } from 'node:crypto';
import { describeIssue, type FieldIssue } from '../../contract/issues.ts';
import { mimeOf } from '../../contract/file-kinds.ts';
import type { AcceptedKind } from '../../contract/limits.ts';
import type { EnquiryPart } from '../../contract/schemas/enquiry-part.ts';
import type { FormConfig } from '../../contract/schemas/form-config.ts';
import type { UploadCheck } from '../../contract/upload-check.ts';
import { Refusal } from '../../http/refusal.ts';
import type { UploadStore } from '../../outbox/upload-store.ts';
import type { IntakeFile } from '../check-submission.ts';
import { safeFileName } from '../file-names.ts';
import { keyHashOf, sessionOf } from './form-session.ts';
import { uploadRefusals } from './upload-refusals.ts';

/** The enquiry's files, with what to do with the uploads once its fate is known. */
export interface TakenUploads {
  /** The multipart body's files, then the uploads'. */
  files: IntakeFile[];
  /** The enquiry is stored: its uploads go. */
  drop(): Promise<void>;
  /** The enquiry is not stored: its uploads may be named again. */
  release(): Promise<void>;
}

/**
 * Claims the uploads `part` names, after the `files` of the body.
 *
 * @example const taken = await takeUploads(part, files, { store, config, now: Date.now() });
 */
export async function takeUploads(
  part: EnquiryPart,
  files: readonly IntakeFile[],
  { store, config, now }: { store: UploadStore | undefined; config: FormConfig; now: number },
): Promise<TakenUploads> {
  const ids = part.uploads ?? [];
  const nothing = async () => {};
  if (ids.length === 0) return { files: [...files], drop: nothing, release: nothing };
  if (!store || !part.form_token || new Set(ids).size !== ids.length)
    throw uploadRefusals.notFound();
  const claim = randomUUID();
  const keyHashes = ids.map((_, i) => {
    const key = part.upload_keys?.[i];
    return key ? keyHashOf(key) : null;
  });
  const missing = await store.claimUploads(ids, sessionOf(part.form_token), claim, now, keyHashes);
  if (missing.length > 0) throw uploadRefusals.notFound();
  const release = () => store.releaseUploads(claim);
  try {
    const rows = await store.claimedUploads(claim);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const refused: FieldIssue[] = [];
    const taken: IntakeFile[] = [];
    for (const [i, id] of ids.entries()) {
      const row = byId.get(id);
      const check = row?.verdict ? (JSON.parse(row.verdict) as UploadCheck) : undefined;
      if (!row || !check || !row.sha256) throw uploadRefusals.notFound();
      if (check.status === 'refused') {
        refused.push({ ...check.issue, field: `uploads[${String(i)}]` });
        continue;
      }
      // Converted as it arrived: the enquiry takes the converted file, the outbox converts nothing.
      const kind: AcceptedKind = (check.converted && check.becomes) || check.kind;
      const name = safeFileName(row.filename, kind, files.length + i);
      taken.push({
        name,
        postname: name,
        ...(check.converted && {
          originalName: safeFileName(row.filename, check.kind, files.length + i),
        }),
        kind,
        mime: mimeOf(kind),
        size: row.upload_offset,
        sha256: row.sha256,
        content: await store.sourceToStore(row),
      });
    }
    if (refused.length > 0) throw Refusal.unsupportedFile(refused);
    if (files.length + taken.length > config.files.maxFiles)
      throw Refusal.validation([
        describeIssue({
          field: 'files',
          code: 'too_many_files',
          messageKey: 'files.too_many_files',
          params: { max: config.files.maxFiles },
        }),
      ]);
    return { files: [...files, ...taken], drop: () => store.dropClaimedUploads(claim), release };
  } catch (error) {
    await release();
    throw error;
  }
}
