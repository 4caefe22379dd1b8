/**
 * The one binder of the outbox: the machine's plans (`machine/`) become the store's methods,
 * the same for SQLite and PostgreSQL. Most are rows of `plan-table.ts`; the few written here
 * take a share of what a store keeps as its own: where its files' bytes live (`FileBytes`) and
 * whether the holder of a lease still lives (the heartbeat). A store gives its `StoreDriver`
 * and adds only what is its alone (its accept, its close, PostgreSQL's limiter).
 */
import type { ByteSource } from '../client/byte-source.ts';
import { inBatches, purgeBatchIds, type PURGES } from './machine/housekeeping.ts';
import type { OutboxMachine } from './machine/index.ts';
import type { Plan } from './machine/plan.ts';
import { PLAN_TABLE, type Run } from './plan-table.ts';
import type { UploadStore } from './upload-store.ts';
import type { OutboxStore } from './store.ts';

/** Which stored files a transition lets go of: a condition on `files`, with its parameters. */
export interface FileSelection {
  where: string;
  params: Readonly<Record<string, unknown>>;
}

/** Where a store keeps its files' bytes (SQLite: the vault beside it; PostgreSQL: chunks). */
export interface FileBytes {
  /** A stored file's contents. */
  source(id: number, index: number): Promise<ByteSource>;
  /**
   * Runs `plan`, a write that keeps the rows of the files `which` picks, and lets their bytes
   * go with it when `gone(result)`.
   */
  dropBytes<T>(plan: Plan<T>, which: FileSelection, gone?: (result: T) => boolean): Promise<T>;
  /**
   * Runs `plan`, a write that deletes the submissions (and so the file rows) `which` picks, and
   * lets their bytes go with them when `gone(result)`.
   */
  dropWithRows<T>(plan: Plan<T>, which: FileSelection, gone: (result: T) => boolean): Promise<T>;
  /** Deletes bytes no file row names, last written before `before`; returns how many. */
  removeOrphans(before: number): Promise<number>;
}

/** What a store gives the binder: how it runs plans, and its own parts. */
export interface StoreDriver extends Record<Run, <T>(plan: Plan<T>) => Promise<T>> {
  /** True when several proxies share the store (`Housekeeping.shared`). */
  readonly shared: boolean;
  /** True when `record` is `write`: the next group commit (`DeliveryQueue.recordsWithWrites`). */
  readonly recordsWithWrites: boolean;
  /** Since when a lease holder's heartbeat must last for it to count as alive, at `now`. */
  aliveAfter(now: number): number;
  readonly bytes: FileBytes;
}

/** A plan bound: the same arguments, its result as a promise. */
type Bound<F> = F extends (...args: infer A) => Plan<infer T> ? (...args: A) => Promise<T> : never;
type Tabled = { [K in keyof typeof PLAN_TABLE]: Bound<OutboxMachine[K]> };

/** Everything of the store but what each keeps as its own (its accept, its uploads' bytes). */
export type BoundOutbox = Omit<OutboxStore, 'accept' | 'close' | keyof UploadStore>;

/** The rows of the table, each run as it says. */
function tabled(m: OutboxMachine, driver: StoreDriver): Tabled {
  type AnyPlan = (this: OutboxMachine, ...args: unknown[]) => Plan<unknown>;
  const entries = Object.entries(PLAN_TABLE).map(([name, how]) => [
    name,
    (...args: unknown[]) => driver[how]((m[name as keyof Tabled] as AnyPlan).apply(m, args)),
  ]);
  return Object.fromEntries(entries) as Tabled;
}

/**
 * The store's methods over `m`, run by `driver`.
 *
 * @example const store = { ...bindOutbox(outboxMachine(sqliteDialect), driver), accept, close };
 */
export function bindOutbox(m: OutboxMachine, driver: StoreDriver): BoundOutbox {
  const { bytes } = driver;
  /** Deletes, batch by batch (each its own short write), what `which` picks with its files' bytes. */
  const purge = (which: keyof typeof PURGES) => (before: number) =>
    inBatches(
      async () =>
        (
          await bytes.dropWithRows(
            m.purgeBatch(which, before),
            { where: `submission_id IN (${purgeBatchIds(which)})`, params: { before } },
            (ids) => ids.length > 0,
          )
        ).length,
    );
  /** The files of the submission `@reference`. */
  const filesOf = 'submission_id IN (SELECT id FROM submissions WHERE reference = @reference)';

  return {
    ...tabled(m, driver),
    shared: driver.shared,
    recordsWithWrites: driver.recordsWithWrites,
    fileSource: (id, index) => bytes.source(id, index),
    claimDue: (owner, leaseMs, now, limit, running, slowLimit) =>
      driver.write(
        m.claimDue(owner, leaseMs, now, limit, running, driver.aliveAfter(now), slowLimit),
      ),
    finish: (lease, outcome) => {
      // The platform has the files now; the rows keep their names, sizes and hashes. A refused
      // file stays (the firm must get it another way) unless an operator skipped it. One with
      // no files has no bytes to look for.
      return outcome.kind === 'delivered' && !outcome.withoutFiles
        ? bytes.dropBytes(m.finish(lease, outcome), {
            where: 'submission_id = @id AND (failed_reason IS NULL OR skipped = 1)',
            params: { id: lease.id },
          })
        : driver.atomic(m.finish(lease, outcome));
    },
    skipFile: async (reference, index) =>
      (await bytes.dropBytes(
        m.skipFile(reference, index),
        { where: `${filesOf} AND idx = @index`, params: { reference, index } },
        (id) => id !== null,
      )) !== null,
    erase: (reference, { force, at, client, person, role }) =>
      bytes.dropWithRows(
        m.erase(reference, force, at, client, { person, role }),
        { where: filesOf, params: { reference } },
        (outcome) => outcome.kind === 'erased',
      ),
    purgeDelivered: purge('delivered'),
    purgeSpam: purge('spam'),
    purgeNotifiedDead: purge('notifiedDead'),
    purgeFinishedWebhooks: () => inBatches(() => driver.write(m.purgeWebhookBatch())),
    removeOrphanFiles: (before = Infinity) => bytes.removeOrphans(before),
    // Shared: leases belong to live instances or run out by themselves, and only keys whose
    // owner stopped beating are settled; alone, the process that starts settles them all.
    releaseAllLeases: () =>
      driver.shared ? Promise.resolve(0) : driver.write(m.releaseAllLeases()),
    settleInFlightKeys: () => driver.write(m.settleInFlightKeys(driver.shared)),
  };
}
