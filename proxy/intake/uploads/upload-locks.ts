/**
 * One PATCH at a time for each upload in this process, and a HEAD that waits for the PATCH in
 * hand. A phone whose connection dropped asks where its upload is (HEAD) before the proxy has
 * even noticed the drop: without the wait it would be told the offset before the last bytes
 * that did arrive were recorded, and send them again. Across instances the outbox's conditional
 * offset is the lock (`outbox/machine/uploads.ts`); this only saves a client the resend.
 */

/** The in-process locks of uploads, by id. */
export class UploadLocks {
  readonly #held = new Map<string, Promise<void>>();

  constructor(
    /** How long a request waits for the PATCH in hand before it is answered anyway. */
    private readonly waitMs: number,
  ) {}

  /** Waits (up to `waitMs`) until no PATCH holds `id`; false when one still does. */
  async settled(id: string): Promise<boolean> {
    const until = Date.now() + this.waitMs;
    for (let held = this.#held.get(id); held; held = this.#held.get(id)) {
      const left = until - Date.now();
      if (left <= 0) return false;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([held, new Promise((resolve) => (timer = setTimeout(resolve, left)))]);
      clearTimeout(timer);
    }
    return true;
  }

  /** Runs `work` holding `id`, once it is free; undefined when it did not come free in time. */
  async holding<T>(id: string, work: () => Promise<T>): Promise<{ done: T } | undefined> {
    // Another waiter may take it between our wait ending and this turn: wait again then.
    do if (!(await this.settled(id))) return undefined;
    while (this.#held.has(id));
    let release = () => {};
    this.#held.set(id, new Promise<void>((resolve) => (release = resolve)));
    try {
      return { done: await work() };
    } finally {
      this.#held.delete(id);
      release();
    }
  }
}
