/**
 * The bytes of each file still uploading, kept in the browser's IndexedDB for the tab's life, so
 * that a reload goes on from the proxy's offset without the file being picked again (as tus
 * clients keep their uploads' URLs). A record goes once its upload is checked, removed, lost or
 * sent; one a closed tab left behind goes at the next page of the site that loads this chunk: its
 * tab no longer holds its lock (Web Locks), and it has not been touched for ten minutes (a
 * reload in between takes the lock again well before that), or for a day whatever the lock.
 */

import type { SniffedKind } from '#contract';

/** One file on its way, as kept. */
export interface SendingFile {
  /** The upload's id, and the key its creation answered. */
  id: string;
  key: string;
  file: File;
  /** Its kind, by its bytes, as the checks found it when it was picked. */
  kind: SniffedKind;
  /** The form it was picked in (`Uploads`' storage key), and the tab. */
  form: string;
  tab: string;
  /** When it was picked, and last touched (a chunk acknowledged), `Date.now()`. */
  since: number;
  at: number;
}

const STORE = 'sending';
const GRACE_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

/** This tab's name, kept in its sessionStorage: the same across a reload, new in a new tab. */
function tabName(): string {
  try {
    let tab = sessionStorage.getItem('enquiry-form:tab');
    if (!tab) sessionStorage.setItem('enquiry-form:tab', (tab = crypto.randomUUID()));
    return tab;
  } catch {
    return '';
  }
}

/** The lock this tab holds while it lives. */
const lockOf = (tab: string) => `enquiry-form:tab:${tab}`;

/** A request's result, as a promise. */
const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => {
      resolve(request.result);
    };
    request.onerror = () => {
      reject(request.error ?? new Error('IndexedDB refused'));
    };
  });

/** The files of one form on their way, in this tab. */
export class FileKeeper {
  readonly tab = tabName();
  readonly #db: Promise<IDBDatabase | undefined>;

  constructor(readonly form: string) {
    this.#db = new Promise<IDBDatabase | undefined>((resolve) => {
      try {
        const opening = indexedDB.open('enquiry-form', 1);
        opening.onupgradeneeded = () => opening.result.createObjectStore(STORE, { keyPath: 'id' });
        opening.onsuccess = () => {
          resolve(opening.result);
        };
        opening.onerror = opening.onblocked = () => {
          resolve(undefined);
        };
      } catch {
        resolve(undefined); // private modes without IndexedDB: a reload loses the file, as before
      }
    });
    if (this.tab && 'locks' in navigator)
      void navigator.locks.request(lockOf(this.tab), () => new Promise(() => undefined));
  }

  async #store(mode: IDBTransactionMode) {
    const db = await this.#db;
    return db?.transaction(STORE, mode).objectStore(STORE);
  }

  /** Keeps (or touches) a file on its way, picked at `since`. */
  async keep(sending: Pick<SendingFile, 'id' | 'key' | 'file' | 'kind' | 'since'>): Promise<void> {
    const record: SendingFile = { ...sending, form: this.form, tab: this.tab, at: Date.now() };
    const store = await this.#store('readwrite');
    await (store && done(store.put(record)).catch(() => undefined));
  }

  /** Forgets a file: checked, removed, lost or sent. */
  async drop(id: string): Promise<void> {
    const store = await this.#store('readwrite');
    await (store && done(store.delete(id)).catch(() => undefined));
  }

  /** This tab's files of this form on their way, first picked first; those left behind go. */
  async sending(): Promise<SendingFile[]> {
    const store = await this.#store('readonly');
    const all = store
      ? await done(store.getAll() as IDBRequest<SendingFile[]>).catch(() => [])
      : [];
    const held = 'locks' in navigator ? ((await navigator.locks.query()).held ?? []) : [];
    const alive = new Set(held.map((lock) => lock.name));
    const now = Date.now();
    for (const record of all) {
      const idle = now - record.at;
      if (
        idle > DAY_MS ||
        (record.tab !== this.tab && idle > GRACE_MS && !alive.has(lockOf(record.tab)))
      )
        await this.drop(record.id);
    }
    return all
      .filter(
        (record) =>
          record.tab === this.tab && record.form === this.form && now - record.at <= DAY_MS,
      )
      .sort((a, b) => a.since - b.since);
  }
}
