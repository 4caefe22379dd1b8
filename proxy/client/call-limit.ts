/**
 * The signal one call to the platform runs under: aborted when its time is up, or when the
 * caller's signal aborts (the proxy shuts down). One controller and one timer, cleared as the
 * call ends: `AbortSignal.any([signal, AbortSignal.timeout(ms)])` built two more signals, weak
 * references between them and a timer that stayed armed for the whole timeout after every call,
 * a tenth of a millisecond of CPU per delivery under load (issue #61).
 */

/** A call's signal, whether it ran out of time, and `end` to clear its timer and listener. */
export interface CallLimit {
  signal: AbortSignal;
  /** True once the time ran out (not when the caller aborted). */
  timedOut(): boolean;
  /** Clears the timer and lets go of the caller's signal; call it once the call is over. */
  end(): void;
}

/**
 * @example const limit = callLimit(30_000, shutdown); try { await send({ signal: limit.signal }) } finally { limit.end() }
 */
export function callLimit(ms: number, outer?: AbortSignal): CallLimit {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  }, ms);
  // As `AbortSignal.timeout`'s: a call in flight does not keep the process alive.
  timer.unref();
  const passOn = () => {
    controller.abort(outer?.reason);
  };
  if (outer?.aborted) passOn();
  else outer?.addEventListener('abort', passOn, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    end: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', passOn);
    },
  };
}
