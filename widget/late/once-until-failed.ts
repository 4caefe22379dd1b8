/**
 * Loading that happens once and is tried again only after it failed: the late bundle for the
 * page, the late parts for each element, and each chunk of the late bundle for its element.
 * Both bundles use it; the late bundle takes the entry's copy (`../late-shared.ts`).
 */

/**
 * `load` wrapped so that every call until it settles, and every call after it succeeded, gets
 * the same promise; a call after it failed loads again.
 *
 * @example const loadLate = onceUntilFailed(() => import('./late/index.ts'));
 */
export function onceUntilFailed<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
