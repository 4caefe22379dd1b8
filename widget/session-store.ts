/**
 * sessionStorage that never throws. Storage can be switched off, full, or forbidden in a
 * sandboxed iframe; the form must still work there, only without its memory.
 */

/** Reads and parses one JSON value; `undefined` when absent, unreadable or not JSON. */
export function readSession(key: string): unknown {
  try {
    const text = sessionStorage.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** Stores one value as JSON; quietly does nothing when storage refuses. */
export function writeSession(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or privacy settings: the draft is a comfort, not a promise.
  }
}

/** Removes one value; quietly does nothing when storage refuses. */
export function removeSession(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // As above.
  }
}

/** A plain object read back from storage, or an empty one: stored data is never trusted. */
export const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** A string read back from storage, or an empty one. */
export const asString = (value: unknown): string => (typeof value === 'string' ? value : '');
