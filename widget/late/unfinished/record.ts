/**
 * This page's unfinished record (`docs/unfinished.md`): the id and the secret it made when its
 * box was ticked (128 bits each; only this tab holds the secret, and the proxy keeps its hash),
 * and its count of keeps and erasures, so that a keep arriving late never undoes a newer one.
 * Kept in the tab's sessionStorage: a reload goes on with the same record, ticked. The requests
 * are JSON sent as `text/plain` (no preflight, so one sent with `keepalive` as the page is
 * hidden goes at once), without credentials; each is answered `204` whatever was there.
 */
import type { UnfinishedEraseRequest, UnfinishedKeepRequest } from '#contract';

/** What this tab keeps of its record. */
export interface PageRecord {
  id: string;
  secret: string;
  seq: number;
  /** The one reminder by email asked for (its second box ticked). */
  remind?: boolean;
}

/**
 * Where the tab keeps its record of the form whose session key is `sessionKey`. The saved
 * enquiries' chunk writes the same key when a reminder's link is opened
 * (`../drafts/unfinished-record.ts`; `unfinished-record.test.ts` holds the two the same): two
 * chunks sharing a module would split it into a file of its own.
 */
export const recordKey = (sessionKey: string) => `enquiry-form:unfinished:${sessionKey}`;

/** `bytes` random bytes. */
const random = (bytes: number) => crypto.getRandomValues(new Uint8Array(bytes));

/** A new record: an id in hex, a secret in base64url, nothing sent yet. */
export const newRecord = (): PageRecord => ({
  id: [...random(16)].map((byte) => byte.toString(16).padStart(2, '0')).join(''),
  secret: btoa(String.fromCharCode(...random(16)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, ''),
  seq: 0,
});

/** The tab's record for the form stored under `key`, if its box is ticked. */
export function readRecord(key: string): PageRecord | undefined {
  try {
    return (JSON.parse(sessionStorage.getItem(key) ?? 'null') ?? undefined) as
      PageRecord | undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `record` for the tab, or forgets it. */
export function writeRecord(key: string, record: PageRecord | undefined): void {
  try {
    if (record) sessionStorage.setItem(key, JSON.stringify(record));
    else sessionStorage.removeItem(key);
  } catch {
    // Without storage, a reload starts unticked; the record kept expires on its own.
  }
}

/**
 * Posts `body` to `url`; true when the proxy answered. `leaving`: the page is being hidden, and
 * the request must outlive it (a body that `keepalive` cannot carry goes as usual, and may not).
 */
export async function post(
  url: string,
  body: UnfinishedKeepRequest | UnfinishedEraseRequest,
  leaving = false,
): Promise<boolean> {
  const text = JSON.stringify(body);
  try {
    const answer = await fetch(url, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'text/plain' },
      body: text,
      keepalive: leaving && text.length < 60_000,
    });
    return answer.ok;
  } catch {
    return false;
  }
}
