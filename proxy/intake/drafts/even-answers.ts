/**
 * The same answer in the same time, whether or not a draft exists: a code asked for an unknown
 * draft, or for a known one with another address, is answered as a code sent; a wrong code for
 * an unknown draft as one for a known draft. The outbox runs the same statement for each (a
 * lookup that finds a row or none), and every answer waits out a floor that the work stays
 * under, so the time an answer takes says nothing of what was found.
 */

/** The floor every answer of `/api/drafts/code` and `/api/drafts/open` waits out. */
export const EVEN_ANSWER_MS = 400;

/**
 * Runs `work`, then waits until `floorMs` have passed since it started. Work that took longer
 * (an outbox under load) is answered when it ends: `late` is told, so the floor can be raised.
 *
 * @example const found = await evenly(400, () => store.openDraft(id, hash, now));
 */
export async function evenly<T>(
  floorMs: number,
  work: () => Promise<T>,
  late?: (tookMs: number) => void,
): Promise<T> {
  const started = performance.now();
  const settled = await work().then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  const took = performance.now() - started;
  if (took > floorMs) late?.(took);
  else await new Promise((resolve) => setTimeout(resolve, floorMs - took));
  if ('error' in settled) throw settled.error;
  return settled.value;
}
