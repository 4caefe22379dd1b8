/**
 * New submissions waiting in this process for a free delivery place, in the order they came
 * (their visitors were told "queued" at once), each under the lease it was stored with.
 *
 * The first `MAX_WHOLE` are kept whole. Past them only their leases are kept (a few dozen bytes
 * each; an enquiry may be 256 KiB), each read again when its turn comes. Giving the lease back
 * and claiming the submission again later, as the proxy did past 256, cost two writes and two
 * reads an enquiry: in a burst, about a twentieth of the proxy's CPU (issue #61).
 * Where instances share the outbox, none waits by its lease alone (`maxLeases` 0): another
 * instance should take it.
 */
import type { Claimed } from '../outbox/lease.ts';
import type { DeliveryQueue, Lease } from '../outbox/store.ts';

/** Held whole at most; each may hold an enquiry of up to 256 KiB. */
export const MAX_WHOLE = 256;
/** Held by their leases alone at most, past `MAX_WHOLE`, where one process owns the outbox. */
export const MAX_LEASES_ALONE = 65_536;

/** The submissions one deliverer holds for a free place, first come first started. */
export class HeldClaims {
  private readonly whole: Claimed[] = [];
  /** Each with whether it has files: one with none is read again without their read. */
  private readonly leases: { lease: Lease; withFiles: boolean }[] = [];

  constructor(
    private readonly store: Pick<DeliveryQueue, 'heldAgain'>,
    private readonly maxLeases: number,
  ) {}

  get size(): number {
    return this.whole.length + this.leases.length;
  }

  /** Keeps `claimed` for a free place, behind every one kept before; false when full. */
  add(claimed: Claimed): boolean {
    if (this.leases.length === 0 && this.whole.length < MAX_WHOLE) this.whole.push(claimed);
    else if (this.leases.length < this.maxLeases)
      this.leases.push({ lease: claimed.lease, withFiles: claimed.submission.files.length > 0 });
    else return false;
    return true;
  }

  /** Puts a claim taken by `next` back at the front (delivery paused while it was read). */
  putBack(claimed: Claimed): void {
    this.whole.unshift(claimed);
  }

  /**
   * The next to start, read again if only its lease was kept: `null` when that lease is gone
   * (given back, taken over, erased), `undefined` when none waits.
   */
  async next(): Promise<Claimed | null | undefined> {
    const whole = this.whole.shift();
    if (whole) return whole;
    const held = this.leases.shift();
    return held && this.store.heldAgain(held.lease, held.withFiles);
  }

  /** Every lease held, the holding emptied (to give them back). */
  takeAll(): Lease[] {
    return [
      ...this.whole.splice(0).map((claimed) => claimed.lease),
      ...this.leases.splice(0).map((held) => held.lease),
    ];
  }
}
