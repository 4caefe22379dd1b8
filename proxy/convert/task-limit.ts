/**
 * At most so many tasks at once, the rest waiting their turn: conversions and PDF checks are
 * CPU- and memory-bound, and a queue that lets everything run at once lets one visitor's
 * files starve the rest (or the machine run out of memory).
 */

/** Runs at most `count` tasks at once, the rest in order of arrival. */
export function limit(count: number) {
  let running = 0;
  const queue: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= count) await new Promise<void>((resolve) => queue.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      queue.shift()?.();
    }
  };
}
