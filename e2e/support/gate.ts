/**
 * A gate a test holds a response at (a slow network) and opens when it chooses: `until` settles
 * once `open()` is called.
 */
export function gate(): { until: Promise<void>; open: () => void } {
  let open = () => {};
  const until = new Promise<void>((resolve) => (open = resolve));
  return { until, open };
}
