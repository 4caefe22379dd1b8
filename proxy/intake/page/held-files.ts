/**
 * Files a post of the page without JavaScript brought, kept for the page drawn again after a
 * refusal. A browser without script cannot carry a chosen file from one page to the next, so the
 * proxy keeps each as it keeps an upload (the outbox's upload storage, checked as an upload is,
 * gone after `UPLOAD_EXPIRY_HOURS`), under a key of its own that only the page drawn for that
 * visitor carries. The page lists them as attached, each with a ticked box; the next post names
 * the ticked ones (`held`, `<id>.<key>`), which the enquiry takes as uploads, by id and key
 * (`take-uploads.ts`), and the unticked ones (`held_drawn` less `held`) are removed. A name the
 * browser sends is never trusted: an id without its key is nothing.
 */
import { randomUUID } from 'node:crypto';
import type { FieldIssue } from '../../contract/issues.ts';
import type { UploadCheck } from '../../contract/upload-check.ts';
import { wordingFor } from '../../http/form-language.ts';
import type { Refusal } from '../../http/refusal.ts';
import type { UploadStore } from '../../outbox/upload-store.ts';
import { formatIn } from '../../contract/plurals.ts';
import { checkUpload, type UploadCheckDeps } from '../uploads/check-upload.ts';
import { keyHashOf, newUploadKey, sessionOf } from '../uploads/form-session.ts';
import { heldPerClient } from '../uploads/upload-deps.ts';
import type { ReceivedFile } from '../read-multipart.ts';
import { HELD_DRAWN_FIELD, heldIn, type PlainFields } from './plain-fields.ts';

/** A file kept for the page: the upload it is, its key, and what the visitor reads of it. */
export interface HeldFile {
  id: string;
  key: string;
  name: string;
  size: number;
}

/** A problem the page drawn again names beside a field, in the visitor's words. */
export type PageIssue = Pick<FieldIssue, 'field' | 'message'>;

/** What the page drawn again shows of the files: those kept, and why any could not be. */
export interface HeldFiles {
  files: HeldFile[];
  issues: PageIssue[];
}

/** What keeping files reads: the upload storage and its checks, and how long an upload lives. */
export interface HoldDeps extends UploadCheckDeps {
  uploadExpiryMs: number;
}

/** The upload `id`, when `key` is its own and it was checked and taken. */
async function ownUpload(store: UploadStore, id: string, key: string, now: number) {
  const row = await store.findUpload(id, now);
  if (!row?.key_hash || row.key_hash !== keyHashOf(key) || !row.verdict) return undefined;
  return (JSON.parse(row.verdict) as UploadCheck).status === 'accepted' ? row : undefined;
}

/** Removes the files the page listed and the post left unticked. */
export async function dropUnticked(store: UploadStore, fields: PlainFields, now: number) {
  const kept = new Set(heldIn(fields).map((file) => file.id));
  for (const { id, key } of heldIn(fields, HELD_DRAWN_FIELD))
    if (!kept.has(id) && (await ownUpload(store, id, key, now))) await store.removeUpload(id);
}

/**
 * The files to list on the page drawn again after `refusal`: those the post named that are still
 * kept, then each file it brought that the refusal does not name, kept and checked as an upload,
 * within a form's count and the bytes one client may hold. A file that cannot be kept is said
 * so, by name, so the visitor chooses it again.
 */
export async function keepForRedraw(
  deps: HoldDeps,
  post: {
    fields: PlainFields;
    files: readonly ReceivedFile[];
    refusal: Refusal;
    client: string;
    lang: string | undefined;
    now: number;
  },
): Promise<HeldFiles> {
  const { store } = deps;
  // The version served now: the page is drawn again from it.
  const form = deps.form.current();
  const { config } = form;
  const { now, client } = post;
  const files: HeldFile[] = [];
  for (const { id, key } of heldIn(post.fields)) {
    const row = await ownUpload(store, id, key, now);
    if (row) files.push({ id, key, name: row.filename, size: row.length });
  }
  const named = new Set(issuesOf(post.refusal).map((issue) => issue.field));
  const wording = wordingFor(form, post.lang);
  const issues: PageIssue[] = [];
  for (const [i, file] of post.files.entries()) {
    const field = `files[${String(i)}]`;
    if (named.has(field)) continue;
    const room =
      files.length < config.files.maxFiles &&
      (await store.uploadBytesHeldBy(client, now)) + file.content.size <=
        heldPerClient(config.files);
    const kept = room ? await keep(deps, file, post).catch(() => undefined) : undefined;
    if (kept && 'refused' in kept) issues.push({ field, message: kept.refused });
    else if (kept) files.push(kept);
    else
      issues.push({
        field,
        message: formatIn(wording.lang, wording.words['page.fileNotKept'], {
          name: file.name || `File ${String(i + 1)}`,
        }),
      });
  }
  return { files, issues };
}

/** One file kept as an upload and checked as one: kept, or refused with its check's words. */
async function keep(
  deps: HoldDeps,
  file: ReceivedFile,
  post: { client: string; lang: string | undefined; now: number },
): Promise<HeldFile | { refused: string }> {
  const { store } = deps;
  const { key, hash } = newUploadKey();
  const row = {
    id: randomUUID(),
    // Named by its key alone: no form token stands for it.
    session: sessionOf(randomUUID()),
    key_hash: hash,
    client: post.client,
    filename: file.name,
    filetype: '',
    length: file.content.size,
    created_at: post.now,
    expires_at: post.now + deps.uploadExpiryMs,
    lang: post.lang ?? null,
  };
  await store.createUpload(row);
  try {
    await store.appendUpload(row, 0, file.content.pieces());
    const stored = await store.findUpload(row.id, post.now);
    if (stored?.upload_offset !== row.length) throw new Error('the kept file is not whole');
    const check = await checkUpload(stored, deps);
    if (check.status === 'refused') {
      await store.removeUpload(row.id);
      return { refused: check.issue.message };
    }
    // A PDF cleaned of its active content is kept in the original's place, at its own size.
    const size = (await store.findUpload(row.id, post.now))?.length ?? row.length;
    return { id: row.id, key, name: file.name, size };
  } catch (error) {
    await store.removeUpload(row.id).catch(() => undefined);
    throw error;
  }
}

/** The field issues a refusal names. */
const issuesOf = (refusal: Refusal): readonly { field: string }[] => {
  const { body } = refusal;
  return ('issues' in body ? body.issues : undefined) ?? [];
};
