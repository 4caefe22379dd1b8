/**
 * The record of what the platform did (an enquiry created, a file attached, a create whose
 * answer never came) is written however long the outbox takes to take it. Until it is, the
 * platform's answer lives only in this process: the attempt waits here, holding it in memory,
 * so this process never claims the submission again meanwhile (`running-attempts.ts` runs one
 * attempt per submission), and it keeps the lease renewed so that no operator's retry (nor, on
 * SQLite, a lease run out) hands it to another delivery. On PostgreSQL the other instances
 * judge the lease by this instance's heartbeat, which has a connection of its own
 * (`outbox/postgres/store.ts`), as the records do: neither waits behind new enquiries.
 *
 * Giving up would be worse than waiting: the next attempt would send the step again, and a
 * create sent again is a second lead. So it stops only when another delivery holds the
 * submission (`LeaseLostError`: an operator erased it, or this instance's heartbeat stopped)
 * or the proxy shuts down; then the step stays noted as sent, and the next attempt counts it
 * as of unknown outcome, as it does for a process that died holding an answer.
 */
import type { Logger } from '../logger.ts';
import { LeaseLostError } from '../outbox/lease.ts';
import { StoreUnavailableError, type DeliveryQueue, type Lease } from '../outbox/store.ts';

/** What keeping a record needs: the store (to renew the lease), the clock, the log. */
export interface RecordKeeping {
  store: Pick<DeliveryQueue, 'renewLease'>;
  log: Logger;
  now: () => number;
  /** When a lease extended now runs out. */
  leaseUntil: () => number;
  /** Aborted when the proxy shuts down. */
  signal: AbortSignal;
}

/** What is being recorded, for the log: the submission, the step, the platform's answer. */
export interface Answered {
  reference: string;
  lease: Lease;
  /** The step, as `pending_step` names it: `create`, `upload:0`. */
  step: string;
  /** The platform's answer in a few words (`enquiry 1234`), named in every line about it. */
  answer: string;
}

/**
 * The first wait between tries, and the longest while the database is away: a try costs a
 * refused connection, and the record must land within moments of the database's return.
 */
const FIRST_WAIT_MS = 50;
const AWAY_MAX_WAIT_MS = 250;
/** The longest wait after another failure (a statement refused, a full disk). */
const FAILING_MAX_WAIT_MS = 5000;
/** How often a record still failing is said again in the log. */
const REMIND_EVERY_MS = 60_000;

/**
 * Runs `write(at)` (`at`: the time of the try that is written) until it is written, and returns
 * that time. Throws only `LeaseLostError`, or the last failure once `signal` is aborted.
 *
 * @example const recordedAt = await keepUntilRecorded((at) => store.recordCreated(lease, id, answeredAt, at), answered, context);
 */
export async function keepUntilRecorded(
  write: (at: number) => Promise<void>,
  answered: Answered,
  { store, log, now, leaseUntil, signal }: RecordKeeping,
): Promise<number> {
  const { reference, step, answer } = answered;
  const since = now();
  let remindAt = since;
  // The step's start extended the lease: renewed again once half of it has passed.
  let renewAt = since + (leaseUntil() - since) / 2;
  for (let tries = 1, wait = FIRST_WAIT_MS; ; tries += 1) {
    const at = now();
    try {
      await write(at);
      if (tries > 1)
        log.info(
          { reference, step: step, answer, tries, delayMs: at - since },
          'the platform’s answer is recorded now, after the outbox could not take it at once',
        );
      return at;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof LeaseLostError) {
        // A warning, as `running-attempts.ts` says the same: an operator's erasure ends a
        // delivery this way too, and an erased lead is never sent again.
        log.warn(
          { reference, step: step, answer },
          'another delivery holds this submission now (taken over, or erased) before the platform’s answer could be recorded: it may be sent again',
        );
        throw error;
      }
      if (signal.aborted) {
        log.error(
          { reference, step: step, answer, reason },
          'stopping before the platform’s answer could be recorded: the next attempt counts this step as of unknown outcome',
        );
        throw error;
      }
      if (now() >= remindAt) {
        remindAt = now() + REMIND_EVERY_MS;
        log.warn(
          { reference, step: step, answer, tries, reason },
          'the platform’s answer could not be recorded yet: kept in memory, with the lease, and recorded as soon as the outbox takes it',
        );
      }
      const away = error instanceof StoreUnavailableError;
      wait = Math.min(wait * 2, away ? AWAY_MAX_WAIT_MS : FAILING_MAX_WAIT_MS);
      if (now() >= renewAt) {
        renewAt = now() + (leaseUntil() - now()) / 2;
        await renew(answered, store, leaseUntil);
      }
      await pause(wait, signal);
    }
  }
}

/**
 * Extends the lease while the record waits. A failure to is the outage the record meets too;
 * a lost lease, the record's next try finds and says.
 */
async function renew(
  { lease }: Answered,
  store: RecordKeeping['store'],
  leaseUntil: () => number,
): Promise<void> {
  await store.renewLease(lease, leaseUntil()).catch(() => undefined);
}

/** Waits `ms`, or less if `signal` aborts meanwhile (the next try then says why it stops). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
