/**
 * What holds delivery back, in one place for the deliverer: the platform's setup wrong (a login
 * refused, an address that is not the API: `pause.ts`, this process's, checked every
 * `AUTH_RETRY_MS`), or the platform down (every delivery and its check failing:
 * `outage-watch.ts`, kept in the outbox for every instance). Either way nothing is sent, no
 * attempt counts against a lead's window, and once the platform answers everything waiting is
 * due at once.
 */
import type { CheckReport } from '../client/check.ts';
import type { Logger } from '../logger.ts';
import type { DeliveryQueue, PlatformOutage, PlatformOutages } from '../outbox/store.ts';
import { OutageWatch } from './outage-watch.ts';
import { Pause, type PauseState } from './pause.ts';

/** What the holds need. */
export interface HoldsOptions {
  store: Pick<DeliveryQueue, 'expediteQueued'> & PlatformOutages;
  log: Logger;
  now: () => number;
  /** How often the check runs while the setup is wrong. */
  checkEveryMs: number;
  /** The platform check (`client/check.ts`). */
  check?: (() => Promise<CheckReport>) | undefined;
  /** Delivery may go on: the deliverer looks at the queue. */
  onRelease: () => void;
}

/** The pause and the outage of one deliverer. */
export class DeliveryHolds {
  readonly pause: Pause;
  readonly outage: OutageWatch;

  constructor({ store, log, now, checkEveryMs, check, onRelease }: HoldsOptions) {
    this.pause = new Pause({
      log,
      now,
      checkEveryMs,
      ...(check ? { check } : {}),
      onResume: async () => {
        const due = await store.expediteQueued(now());
        if (due > 0) log.info({ due }, 'queued enquiries made due now');
        onRelease();
      },
    });
    this.outage = new OutageWatch({
      store,
      log,
      now,
      check,
      onSetupProblem: (problem) => {
        this.pause.begin(problem);
        onRelease();
      },
      onEnd: onRelease,
    });
  }

  /** True while either holds delivery. */
  get holding(): boolean {
    return this.pause.state !== undefined || this.outage.state !== undefined;
  }

  /** Why delivery is paused for a setup problem, while it is. */
  get pauseState(): PauseState | undefined {
    return this.pause.state;
  }

  /** The platform down, as the outbox keeps it. */
  get outageState(): PlatformOutage | undefined {
    return this.outage.state;
  }

  /** The platform's failure and since when: down or failing, or its setup wrong. */
  get upstreamDown(): { since: number; error: string } | undefined {
    const pause = this.pause.state;
    return this.outage.failing ?? (pause && { since: pause.since, error: pause.reason });
  }

  /** When either wants a look next: its check, its probe, a failing streak to ask about. */
  get nextLookAt(): number {
    return Math.min(
      this.pause.state?.nextCheckAt ?? Infinity,
      this.outage.state?.nextProbeAt ?? this.outage.suspectAt ?? Infinity,
    );
  }

  /** Checks or probes what is due; true once neither holds delivery. */
  async ready(): Promise<boolean> {
    return (await this.pause.ready()) && (await this.outage.ready());
  }
}
