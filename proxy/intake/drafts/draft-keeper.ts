/**
 * A draft removed with everything it holds: its row, its emails still queued, and the uploads it
 * kept, bytes and all. Its owner's discard, the expiry sweep and erasure by email all go this
 * way.
 */
import type { DraftStore } from '../../outbox/draft-store.ts';
import type { UploadStore } from '../../outbox/upload-store.ts';
import type { DraftSecrets } from './draft-secrets.ts';

/** The parts of the outbox a removal touches. */
export type DraftRemoval = Pick<DraftStore, 'draftUploads' | 'forgetDraft'> &
  Pick<UploadStore, 'removeUpload'>;

/**
 * Removes draft `id` and what it kept; true when it was there. Its uploads are read first and
 * removed last: a crash between leaves them to the upload sweep, as they expire with the draft.
 */
export async function removeDraft(
  store: DraftRemoval,
  secrets: Pick<DraftSecrets, 'emailKeyOf'>,
  id: string,
): Promise<boolean> {
  const uploads = await store.draftUploads(id);
  const gone = await store.forgetDraft(id, secrets.emailKeyOf(id));
  for (const upload of uploads) await store.removeUpload(upload);
  return gone;
}

/** The batch the sweep removes at a time. */
const SWEEP_BATCH = 200;

/**
 * Drafts past their expiry removed with their uploads (`DRAFT_EXPIRY_DAYS`), and the drafts'
 * emails a crash left behind once sent: a chore of the proxy's housekeeping, run often enough
 * that a draft outlives its expiry by a tenth of its life at most (a second at least).
 */
export const draftSweep = (
  store: DraftRemoval & Pick<DraftStore, 'expiredDrafts' | 'forgetSentDraftEmails'>,
  secrets: Pick<DraftSecrets, 'emailKeyOf'>,
  expiryMs: number,
) => ({
  name: 'expired saved enquiries removed (DRAFT_EXPIRY_DAYS)',
  everyMs: Math.min(10 * 60_000, Math.max(1000, expiryMs / 10)),
  async run(now: number) {
    let removed = 0;
    for (;;) {
      const ids = await store.expiredDrafts(now, SWEEP_BATCH);
      for (const id of ids) if (await removeDraft(store, secrets, id)) removed++;
      if (ids.length < SWEEP_BATCH) break;
    }
    await store.forgetSentDraftEmails();
    return removed;
  },
});
