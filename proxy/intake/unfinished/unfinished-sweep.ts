/**
 * The chore that erases unfinished enquiries `keepDays` after their last change (each record's
 * `expires_at`), with what copies them, and the rows that stayed a while without a visitor's data:
 * a batch at a time, each its own short write, once a minute, so a record outlives its time by a
 * minute at most. Every record erased this way is counted on the status page (`/admin/status`).
 */
import type { UnfinishedChores } from '../../outbox/store.ts';

/** Rows erased in one write. */
const SWEEP_BATCH = 200;

/** How often the sweep looks. */
const UNFINISHED_SWEEP_MS = 60_000;

/** The chore, for the proxy's housekeeping (`lifecycle/housekeeping.ts`). */
export const unfinishedSweep = (store: Pick<UnfinishedChores, 'expireUnfinished'>) => ({
  name: 'unfinished enquiries erased keepDays after their last change',
  everyMs: UNFINISHED_SWEEP_MS,
  async run(now: number) {
    let erased = 0;
    for (;;) {
      const { rows, kept } = await store.expireUnfinished(now, SWEEP_BATCH);
      erased += kept;
      if (rows < SWEEP_BATCH) return erased;
    }
  },
});
