/**
 * Room on the local outbox's disk: below `READY_MIN_FREE_BYTES` the proxy says it is not ready
 * (`/readyz`), and what is not an enquiry stops writing well before that, while there is still
 * room for the largest enquiry the form takes (the reserve, decided here once): page views (the
 * funnel) and files sent ahead (uploads) must never take the disk from enquiries.
 */
import { statfs } from 'node:fs/promises';

/** Free space below which the proxy says it is not ready (a full disk refuses enquiries). */
export const READY_MIN_FREE_BYTES = 64 * 1024 * 1024;
/** How long one look at the funnel's disk is believed: views can come a thousand a second. */
const LOOK_EVERY_MS = 1000;

/** Bytes free for the proxy on the disk holding `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const disk = await statfs(dir);
  return disk.bavail * disk.bsize;
}

/**
 * Bytes free on the disk of the outbox in `dataDir` above the reserve enquiries need
 * (`READY_MIN_FREE_BYTES` and `largestEnquiryBytes`), negative below it, looked at once a second
 * at most. What is not an enquiry writes only while it is positive: the funnel's counts, and the
 * bytes of uploads (`intake/uploads/upload-room.ts`), which look every time (`lookEveryMs` 0): a
 * request of theirs brings megabytes, and many come within a second.
 *
 * @example const room = roomAboveReserve('/var/lib/enquiry-form', () => maxSubmissionBytes(form.files()))
 */
export function roomAboveReserve(
  dataDir: string,
  largestEnquiryBytes: () => number,
  {
    now = Date.now,
    lookEveryMs = LOOK_EVERY_MS,
  }: { now?: () => number; lookEveryMs?: number } = {},
): () => Promise<number> {
  let look: { at: number; room: Promise<number> } | undefined;
  return () => {
    if (!look || now() - look.at >= lookEveryMs)
      look = {
        at: now(),
        room: freeBytes(dataDir).then(
          // The reserve read at each look: a publish may raise the largest enquiry.
          (free) => free - (READY_MIN_FREE_BYTES + largestEnquiryBytes()),
          // A disk that cannot be looked at is no place to add anything to.
          () => -1,
        ),
      };
    return look.room;
  };
}
