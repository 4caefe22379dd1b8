/**
 * Uploads never take the disk from enquiries (issue 55): a creation, and each PATCH, is refused
 * (`507`, `upload.noRoom`) unless what the upload may still write fits in the room above the
 * reserve enquiries need, which `lifecycle/disk-room.ts` decides for the funnel and uploads
 * alike. What PATCHes in hand in this process may still write counts as taken already: the disk
 * is looked at once a second at most, and many PATCHes arrive within one. The widget sends a
 * refused file with its enquiry instead, for which the reserve was kept.
 */
import { uploadRefusals } from './upload-refusals.ts';

/** The room uploads have, from `above` (none given: a database server's disk, not counted here). */
export function uploadRoom(above: (() => Promise<number>) | undefined) {
  let promised = 0;
  const fits = async (bytes: number) => !above || (await above()) - promised >= bytes;
  return {
    /** Refuses an upload of `bytes` that would not fit. */
    async refuseUnlessFits(bytes: number): Promise<void> {
      if (!(await fits(bytes))) throw uploadRefusals.noRoom();
    },
    /** Runs `work`, which may write `bytes`, if they fit, counting them taken until it ends. */
    async holding<T>(bytes: number, work: () => Promise<T>): Promise<T> {
      if (!(await fits(bytes))) throw uploadRefusals.noRoom();
      promised += bytes;
      try {
        return await work();
      } finally {
        promised -= bytes;
      }
    },
  };
}
