/**
 * Fault injection at run time: the injector holds the settings and the seeded PRNG, and
 * `injectFaults` applies them to one endpoint's requests (after authentication, before the
 * body is read), so a reliability test decides exactly how the platform misbehaves.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import { answer, failure, TEXT } from './envelope.ts';
import {
  faultSettingsSchema,
  mulberry32,
  NO_FAULTS,
  parseFaultPatch,
  type Endpoint,
  type FaultPatch,
  type FaultSettings,
} from './fault-settings.ts';
import type { Stats } from './store.ts';

/** The Hono environment of the stand-in: node-server's bindings when served over TCP. */
export interface EmulatorEnv {
  /** Absent in `app.request()` tests, present under `@hono/node-server`. */
  Bindings: Partial<HttpBindings> | undefined;
  Variables: {
    faulted?: boolean;
    /** The enquiry a create stored (`app.ts`), so a cut connection can be noted against it. */
    created?: number;
    /** The create's connection is cut on purpose, after storing it. */
    dropped?: boolean;
  };
}

/** What happens to one request before it reaches its route. */
export type Fate = 'pass' | 'fail' | 'hang';

/**
 * Holds the current fault settings and decides each request's fate with a seeded PRNG.
 *
 * @example const faults = new FaultInjector({ failNext: 2 }); faults.decide('create') // 'fail'
 */
export class FaultInjector {
  #settings: Readonly<FaultSettings> = NO_FAULTS;
  #random = mulberry32(NO_FAULTS.seed);

  constructor(initial: FaultPatch = {}) {
    this.set(initial);
  }

  /** The current settings (frozen); `failNext` shows how many failures are still to come. */
  get settings(): Readonly<FaultSettings> {
    return this.#settings;
  }

  /**
   * Merges `patch` into the current settings, so a test changes one knob without restating
   * the others; a `seed` restarts the PRNG. Throws a `FaultSettingsError` on a bad value.
   */
  set(patch: FaultPatch): Readonly<FaultSettings> {
    const checked = parseFaultPatch(patch);
    const merged = faultSettingsSchema.parse({ ...this.#settings, ...checked });
    this.#settings = Object.freeze({ ...merged, endpoints: [...new Set(merged.endpoints)] });
    if (checked.seed !== undefined) this.#random = mulberry32(checked.seed);
    return this.#settings;
  }

  /** Back to no faults and the default seed. */
  reset(): void {
    this.#settings = NO_FAULTS;
    this.#random = mulberry32(NO_FAULTS.seed);
  }

  /** True when the faults apply to `endpoint`. */
  appliesTo(endpoint: Endpoint): boolean {
    return this.#settings.endpoints.includes(endpoint);
  }

  /** Decides one request's fate: a pending burst first, then the failure and hang rates. */
  decide(endpoint: Endpoint): Fate {
    if (!this.appliesTo(endpoint)) return 'pass';
    const { failNext, failRate, hangRate } = this.#settings;
    if (failNext > 0) {
      this.#settings = Object.freeze({ ...this.#settings, failNext: failNext - 1 });
      return 'fail';
    }
    if (this.#chance(failRate)) return 'fail';
    if (this.#chance(hangRate)) return 'hang';
    return 'pass';
  }

  /** True when creates for the visitor at `email` are never answered (`hangFor`). */
  hangsFor(email: string | null | undefined): boolean {
    return typeof email === 'string' && this.#settings.hangFor.includes(email);
  }

  /** Decides whether a create that succeeded loses its answer. */
  dropAfterCreate(): boolean {
    return this.appliesTo('create') && this.#chance(this.#settings.dropAfterCreateRate);
  }

  // A rate of 0 draws nothing, so turning one fault on does not shift another's sequence.
  #chance(rate: number): boolean {
    return rate > 0 && this.#random() < rate;
  }
}

/** Thrown, in `app.request()` tests, where a real server would cut the TCP connection. */
export class ConnectionDroppedError extends Error {
  override name = 'ConnectionDroppedError';
}

/** No client will read it: the answer to a request whose client is gone. */
const unanswered = () => new Response(null, { status: 499 });

const untilAborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else
      signal.addEventListener(
        'abort',
        () => {
          resolve();
        },
        { once: true },
      );
  });

/** Never answers the request: waits for its client (or the server's `close()`) to go away. */
export async function hang(c: Context<EmulatorEnv>, stats: Stats): Promise<Response> {
  stats.faulted += 1;
  c.set('faulted', true);
  await untilAborted(c.req.raw.signal);
  return unanswered();
}

/**
 * Applies the injector's faults to the requests of `endpoint`, counting each in `stats`.
 * Hung requests wait for the client (or the server's `close()`) to go away, so nothing leaks.
 */
export const injectFaults =
  (faults: FaultInjector, endpoint: Endpoint, stats: Stats): MiddlewareHandler<EmulatorEnv> =>
  async (c, next) => {
    if (!faults.appliesTo(endpoint)) return next();
    const signal = c.req.raw.signal;
    const { latencyMs } = faults.settings;
    if (latencyMs > 0) {
      const slept = await sleep(latencyMs, true, { signal }).catch(() => false);
      if (!slept) return unanswered();
    }
    const fate = faults.decide(endpoint);
    if (fate === 'hang') return hang(c, stats);
    if (fate === 'fail') {
      stats.faulted += 1;
      c.set('faulted', true);
      const { failStatus, retryAfterSeconds } = faults.settings;
      const headers =
        retryAfterSeconds === null ? undefined : { 'Retry-After': String(retryAfterSeconds) };
      return answer(c, failure(failStatus, TEXT.fault(failStatus)), headers);
    }
    await next();
    if (endpoint === 'create' && c.res.status === 201 && faults.dropAfterCreate()) {
      stats.faulted += 1;
      c.set('faulted', true);
      c.set('dropped', true);
      dropConnection(c.env?.incoming?.socket);
    }
  };

/** Cuts the TCP connection with no answer at all; without one (in memory), throws instead. */
function dropConnection(socket: { destroy(): void } | undefined): void {
  if (!socket) throw new ConnectionDroppedError('The connection was dropped after the create.');
  socket.destroy();
}
