/**
 * Preloaded into the proxy (`--expose-gc --import ./e2e/bench/force-gc.ts`) for the upload
 * benchmark's diagnostic row only: a full garbage collection every 20 ms, so the peak RSS
 * shows what the proxy really holds rather than garbage V8 has not collected yet.
 */
import { setInterval } from 'node:timers';

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('force-gc.ts needs node --expose-gc');
setInterval(collect, 20).unref();
