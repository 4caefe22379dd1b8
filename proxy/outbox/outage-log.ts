/**
 * What the log says while the outbox database is away (PostgreSQL restarting, the network
 * between): one line when the outage starts, with its reason, and one when it ends. Every
 * request and every background loop meets the same outage meanwhile; a stack trace from each
 * (74 in 35 s) would bury the two lines an operator needs.
 */
import type { Logger } from '../logger.ts';
import { StoreUnavailableError } from './store.ts';

/** Hears of each store call's outcome, and logs only the changes. */
export class OutageLog {
  #downSince: number | undefined;

  constructor(
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** A store call failed because the database is not there. */
  unavailable(error: StoreUnavailableError): void {
    if (this.#downSince !== undefined) return;
    this.#downSince = this.now();
    const { cause } = error;
    this.log.error(
      { reason: cause instanceof Error ? cause.message : String(cause) },
      'the outbox database is unavailable: new enquiries are refused with 503 until it is back',
    );
  }

  /** A store call succeeded. */
  available(): void {
    if (this.#downSince === undefined) return;
    const downSeconds = Math.round((this.now() - this.#downSince) / 1000);
    this.#downSince = undefined;
    this.log.info({ downSeconds }, 'the outbox database is back');
  }
}

/**
 * Logs a failure of a request or a loop at error with its stack, unless it is the database
 * being away, which `OutageLog` has already told (then a debug line, without the stack).
 */
export function logFailure(
  log: Logger,
  error: unknown,
  bindings: Record<string, unknown>,
  message: string,
): void {
  if (error instanceof StoreUnavailableError)
    log.debug({ ...bindings, reason: error.message }, message);
  else log.error({ ...bindings, err: error }, message);
}
