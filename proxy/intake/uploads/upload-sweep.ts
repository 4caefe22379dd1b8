/**
 * Uploads no enquiry named are removed once they expire (`UPLOAD_EXPIRY_HOURS`), with their
 * bytes and whatever was made of them: a chore of the proxy's housekeeping, run often enough
 * that an upload outlives its `Upload-Expires` by a tenth of its life at most (and a second at
 * least, so a test's expiry of seconds is swept in seconds). Until then, an expired upload is
 * already refused: every lookup asks for one alive.
 */
import type { UploadStore } from '../../outbox/upload-store.ts';

/** The sweep as a housekeeping chore. */
export const uploadSweep = (
  store: Pick<UploadStore, 'removeExpiredUploads'>,
  expiryMs: number | undefined,
) => ({
  name: 'expired uploads removed (UPLOAD_EXPIRY_HOURS)',
  everyMs: Math.min(10 * 60_000, Math.max(1000, (expiryMs ?? 86_400_000) / 10)),
  run: (now: number) => store.removeExpiredUploads(now),
});
