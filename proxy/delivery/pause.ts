/**
 * Delivery held while the platform's setup is wrong (the login refused, no route, a web page
 * where the API should be, a redirect, an untrusted certificate). Nothing goes upstream and no
 * attempt is counted; the platform check runs every `checkEveryMs`, and once it passes,
 * delivery resumes with everything queued due at once (not each at its old retry time).
 */
import type { CheckReport } from '../client/check.ts';
import type { Logger } from '../logger.ts';

/** Why delivery is held, since when, and when the check runs next. */
export interface PauseState {
  reason: string;
  /** What to change, in the operator's words. */
  hint: string | undefined;
  since: number;
  nextCheckAt: number;
}

/** What the pause needs. */
export interface PauseOptions {
  log: Logger;
  now: () => number;
  /** How often the check runs while paused. */
  checkEveryMs: number;
  /** The platform check; without it, delivery simply tries again after `checkEveryMs`. */
  check?: () => Promise<CheckReport>;
  /** Called once the check passes (makes everything queued due now). */
  onResume: () => Promise<void>;
}

/** The pause of one deliverer. */
export class Pause {
  #state: PauseState | undefined;
  #checking = false;

  constructor(private readonly options: PauseOptions) {}

  /** The pause, while there is one. */
  get state(): PauseState | undefined {
    return this.#state;
  }

  /** Holds delivery for `problem`; returns when the check runs next. */
  begin(problem: { message: string; hint?: string | undefined; body?: unknown }): number {
    const { log, now, checkEveryMs } = this.options;
    const nextCheckAt = now() + checkEveryMs;
    if (this.#state?.reason !== problem.message) {
      log.error(
        {
          reason: problem.message,
          fix: problem.hint,
          response: problem.body,
          checkEverySeconds: checkEveryMs / 1000,
        },
        `configuration error: ${problem.message}. ${problem.hint ?? ''} Delivery is paused and checked again every ${checkEveryMs / 1000} s; nothing is lost.`,
      );
    }
    this.#state = {
      reason: problem.message,
      hint: problem.hint,
      since: this.#state?.since ?? now(),
      nextCheckAt,
    };
    return nextCheckAt;
  }

  /** Runs the check when it is due; true once delivery may go on. */
  async ready(): Promise<boolean> {
    const state = this.#state;
    if (!state) return true;
    if (this.#checking || this.options.now() < state.nextCheckAt) return false;
    this.#checking = true;
    try {
      const report = await this.options.check?.().catch(() => undefined);
      if (this.options.check && !report?.ok) {
        const problem = report?.problem;
        this.begin(problem ?? { message: state.reason, hint: state.hint });
        return false;
      }
      this.#state = undefined;
      this.options.log.info(
        { pausedSeconds: Math.round((this.options.now() - state.since) / 1000) },
        'the platform check passes: delivery resumes, everything queued is sent now',
      );
      await this.options.onResume();
      return true;
    } finally {
      this.#checking = false;
    }
  }
}
