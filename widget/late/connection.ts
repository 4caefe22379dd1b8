/**
 * A send that waits for a file still uploading while the browser has no connection says so: the
 * visitor reads that the enquiry goes once the connection is back, rather than "Sending…" over a
 * bar that moves for nothing (the upload itself waits for the connection, `upload-task.ts`). A
 * send with nothing to wait for fails at once offline, as before, naming the firm's other ways.
 */

/** Calls `changed` as the browser goes offline or online, until the function it answers is called. */
export function watchConnection(changed: (online: boolean) => void) {
  const offline = () => {
    changed(false);
  };
  const online = () => {
    changed(true);
  };
  addEventListener('offline', offline);
  addEventListener('online', online);
  return () => {
    removeEventListener('offline', offline);
    removeEventListener('online', online);
  };
}
