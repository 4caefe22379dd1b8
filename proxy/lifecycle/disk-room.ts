/**
 * Room on the local outbox's disk: below `READY_MIN_FREE_BYTES` the proxy says it is not ready
 * (`/readyz`), and the funnel stops writing well before that, while there is still room for the
 * largest enquiry the form takes: page views must never take the disk from enquiries.
 */
import { statfs } from 'node:fs/promises';

/** Free space below which the proxy says it is not ready (a full disk refuses enquiries). */
export const READY_MIN_FREE_BYTES = 64 * 1024 * 1024;
/** How long one look at the disk is believed: views can come a thousand a second. */
const LOOK_EVERY_MS = 1000;

/** Bytes free for the proxy on the disk holding `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const disk = await statfs(dir);
  return disk.bavail * disk.bsize;
}

/**
 * Whether the funnel may write to the outbox in `dataDir`: true while more than
 * `READY_MIN_FREE_BYTES` and `largestEnquiryBytes` are free, looked at once a second at most.
 *
 * @example funnelRoom('/var/lib/enquiry-form', () => maxSubmissionBytes(form.files()))
 */
export function funnelRoom(
  dataDir: string,
  largestEnquiryBytes: () => number,
  now: () => number = Date.now,
): () => Promise<boolean> {
  let look: { at: number; room: Promise<boolean> } | undefined;
  return () => {
    if (!look || now() - look.at >= LOOK_EVERY_MS)
      look = {
        at: now(),
        room: freeBytes(dataDir).then(
          (free) => free > READY_MIN_FREE_BYTES + largestEnquiryBytes(),
          // A disk that cannot be looked at is no place to add counts to.
          () => false,
        ),
      };
    return look.room;
  };
}
