/**
 * PATCHes at the end of a complete upload ask for nothing new: the answer is the verdict already
 * kept (`check-once.ts`). Cheap as each is, one address looping them on a few uploads kept the
 * proxy's event loop, and the machine's cores, busy answering, and another visitor's enquiry took
 * 6.8 times its time alone (issue 55). So they are paced per address: a burst answered at once,
 * then one every `intervalMs`; one that comes sooner waits its turn, held at no CPU (the loop is
 * slowed, whatever the client does with a refusal), and one whose turn is more than `maxWaitMs`
 * away is refused `429` with `Retry-After`, which the widget waits out. A visitor is never paced:
 * the widget asks about a complete upload again only while another request checks it (after 0.5,
 * 1, 3 and 10 s), and a tus client goes on from HEAD's offset, with no PATCH at the end.
 */
import { Refusal } from '../../http/refusal.ts';

/** How the PATCHes that ask for nothing new are paced, per address. */
export interface IdlePace {
  /** Answered at once, back to back. */
  burst: number;
  /** Then one every so often. */
  intervalMs: number;
  /** Held at most this long; past it, refused with `429`. */
  maxWaitMs: number;
}

/** A widget checking a few files never comes near; a loop is held to one answer a second. */
export const IDLE_PACE: IdlePace = { burst: 10, intervalMs: 1000, maxWaitMs: 10_000 };

/** Addresses remembered at most; the least recently seen are forgotten first. */
const MAX_ADDRESSES = 100_000;

/**
 * The pacer: `turn(address)` resolves when that address's next such answer is due (a generic
 * cell rate algorithm: each address's next due time, moved on by `intervalMs` an answer).
 */
export function idlePacer(pace: IdlePace, now: () => number) {
  const due = new Map<string, number>();
  const tolerance = (pace.burst - 1) * pace.intervalMs;
  return {
    async turn(address: string): Promise<void> {
      const at = now();
      const next = Math.max(due.get(address) ?? at, at);
      const waitMs = next - tolerance - at;
      if (waitMs > pace.maxWaitMs) throw Refusal.rateLimited('upload-end', waitMs);
      // Re-inserted: the Map stays in least-recently-seen order for forgetting.
      due.delete(address);
      due.set(address, next + pace.intervalMs);
      if (due.size > MAX_ADDRESSES) due.delete(due.keys().next().value as string);
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
    },
  };
}
