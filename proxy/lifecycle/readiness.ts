/**
 * `/readyz`: may the proxy take traffic now? Anyone may ask, as often as they like, and its
 * probe is no free question: it writes the outbox (a setting, flushed to the disk) and asks the
 * disk how much room is left. So one probe answers everybody asking while it runs, and a "ready"
 * stands for `READY_STANDS_MS` after it began: a flood of asks writes the outbox at most once a
 * second, however fast it comes. A problem is probed afresh at the next ask, so the proxy says
 * it is ready again as soon as it is (a database back, a disk freed).
 */
import type { AppDeps } from '../app-deps.ts';
import type { Settings } from '../outbox/store.ts';
import { freeBytes, READY_MIN_FREE_BYTES } from './disk-room.ts';

/** How long a probe's "ready" answers every ask after it began. */
export const READY_STANDS_MS = 1000;

/** What the check reads: the outbox (`dataDir` when it is on the local disk) and the clock. */
export interface ReadinessSources {
  dataDir: string | undefined;
  store: Pick<Settings, 'setSetting'>;
  health: AppDeps['health'];
  now?: () => number;
}

/** The check `/readyz` runs: why the proxy may not take traffic now, or undefined. */
export function readinessCheck({
  dataDir,
  store,
  health,
  now = Date.now,
}: ReadinessSources): () => Promise<string | undefined> {
  /** The probe under way, which every ask meanwhile waits for. */
  let running: Promise<string | undefined> | undefined;
  /** When the last probe that found the proxy ready began. */
  let readySince: number | undefined;
  return () => {
    // Known without a probe: the outbox refused a write for want of room.
    if (health.storageFullAt !== undefined) return Promise.resolve('the outbox disk is full');
    if (running) return running;
    if (readySince !== undefined && now() - readySince < READY_STANDS_MS)
      return Promise.resolve(undefined);
    const began = now();
    running = probe(dataDir, store)
      .then((problem) => {
        readySince = problem === undefined ? began : undefined;
        return problem;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
}

/** Writes the outbox and, when it is on the local disk, asks how much room that disk has. */
async function probe(
  dataDir: string | undefined,
  store: Pick<Settings, 'setSetting'>,
): Promise<string | undefined> {
  try {
    await store.setSetting('readyz', String(Date.now()));
  } catch (error) {
    return `the outbox cannot be written: ${error instanceof Error ? error.message : String(error)}`;
  }
  // A database server watches its own disk; a local outbox's is ours to watch.
  if (dataDir === undefined) return undefined;
  const free = await freeBytes(dataDir);
  return free < READY_MIN_FREE_BYTES
    ? `only ${String(Math.round(free / 1024 / 1024))} MB free on the outbox's disk`
    : undefined;
}
