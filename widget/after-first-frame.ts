/**
 * Work a visitor does not wait for before typing: run once the browser is idle after drawing
 * (within `timeout` ms however busy it is), or a moment later where idle callbacks are missing
 * (Safari).
 *
 * @example afterFirstFrame(() => loadTheRest(), 2000)
 */
export const afterFirstFrame = (work: () => void, timeout = 2000) => {
  if ('requestIdleCallback' in window) requestIdleCallback(work, { timeout });
  else setTimeout(work, 200);
};
