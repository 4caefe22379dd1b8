/**
 * A complete upload is checked once (issue 55). The checks on arrival decode a picture whole
 * and may convert a document in LibreOffice: seconds of CPU that a PATCH of no bytes at the end
 * of a finished upload used to start again, every time. Now the request that completes an upload
 * takes its check in the outbox (`takeUploadCheck`, on every instance), and any later request
 * answers the verdict kept on the row. A check that failed on a fault of ours (a passing outage
 * of the outbox, a full spool) gives its turn back, to be taken by the client's next request
 * after `RETRY_AFTER_FAULT_MS`, never at once: a file that always finds a fault cannot make the
 * proxy work without end either.
 *
 * One address's checks run one at a time in this process, in the order they came, so a visitor
 * sending many files at once (or a script sending many uploads) holds one core at most, and a
 * conversion on arrival of theirs at most one of the converter's workers.
 */
import type { UploadCheck } from '../../contract/upload-check.ts';
import type { UploadRow } from '../../outbox/upload-store.ts';
import { checkUpload, type UploadCheckDeps } from './check-upload.ts';

/**
 * Longer than the longest check (a document converted on arrival, tried twice to its timeout,
 * after its turn): while it lasts no other instance checks the upload.
 */
const CHECK_LEASE_MS = 10 * 60_000;
/** After a check failed on a fault of ours, the next try waits this long. */
const RETRY_AFTER_FAULT_MS = 10_000;

/** Checks a complete upload unless it is checked or being checked; undefined then. */
export type CheckOnce = (row: UploadRow) => Promise<UploadCheck | undefined>;

/**
 * @example const check = checkOnce({ ...deps, now: Date.now }); await check(row) // { status: 'accepted', kind: 'png' }
 */
export function checkOnce(deps: UploadCheckDeps & { now: () => number }): CheckOnce {
  const inTurn = turnsByKey();
  return async (row) => {
    const now = deps.now();
    if (!(await deps.store.takeUploadCheck(row.id, now, now + CHECK_LEASE_MS))) return undefined;
    try {
      return await inTurn(row.client, () => checkUpload(row, deps));
    } catch (error) {
      await deps.store
        .giveUploadCheckBack(row.id, deps.now() + RETRY_AFTER_FAULT_MS)
        .catch(() => undefined);
      throw error;
    }
  };
}

/** Runs tasks one at a time for each key, in the order they came; keys without work are forgotten. */
function turnsByKey() {
  const last = new Map<string, Promise<unknown>>();
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const result = (last.get(key) ?? Promise.resolve()).then(task);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    last.set(key, settled);
    void settled.then(() => {
      if (last.get(key) === settled) last.delete(key);
    });
    return result;
  };
}
