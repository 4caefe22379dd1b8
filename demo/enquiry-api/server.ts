/**
 * Serves the stand-in over TCP, for tests that need a real connection (dropped or hanging
 * ones) and for `npm run enquiry-api`.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createEnquiryApi, DEFAULT_ROOT, normaliseRoot, type EnquiryApiOptions } from './app.ts';
import { FaultInjector } from './faults.ts';
import { EnquiryStore } from './store.ts';

/** The stand-in's options plus where it listens. */
export interface StartOptions extends EnquiryApiOptions {
  /** Default 0: any free port. */
  port?: number;
  /** Default `127.0.0.1`: the stand-in is a local tool. */
  host?: string;
}

/** A running stand-in. */
export interface RunningEnquiryApi {
  /** The service root URL, e.g. `http://127.0.0.1:8090/wp-json/enquiries/v1`. */
  url: string;
  /** `http://host:port`, where `/inbox` and `/__control` live. */
  origin: string;
  port: number;
  store: EnquiryStore;
  /** Change faults at run time (`set` merges into the current settings). */
  faults: FaultInjector;
  /** Stops listening, cuts every open connection (hanging ones too) and resolves when done. */
  close(): Promise<void>;
}

/** `::1` must be bracketed in a URL. */
const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host);

/**
 * Starts the stand-in and resolves once it listens. A store it makes itself (none given) is
 * closed by `close()`; a store passed in stays the caller's to close.
 *
 * @example
 * const api = await startEnquiryApi({ credentials: { username: 'u', password: 'p' } });
 * await fetch(`${api.url}/enquiries/create`, { method: 'POST', ... });
 * await api.close();
 */
export async function startEnquiryApi(options: StartOptions): Promise<RunningEnquiryApi> {
  const { port = 0, host = '127.0.0.1', ...appOptions } = options;
  const store = options.store ?? new EnquiryStore(':memory:');
  const faults =
    options.faults instanceof FaultInjector ? options.faults : new FaultInjector(options.faults);
  const app = createEnquiryApi({ ...appOptions, store, faults });

  const server = await new Promise<Server>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port, hostname: host }, () => {
      resolve(started as Server);
    });
    started.once('error', reject);
  });

  const { port: actualPort } = server.address() as AddressInfo;
  const origin = `http://${urlHost(host)}:${actualPort}`;
  let closing: Promise<void> | undefined;

  return {
    url: `${origin}${normaliseRoot(options.root ?? DEFAULT_ROOT)}`,
    origin,
    port: actualPort,
    store,
    faults,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (options.store === undefined) store.close();
          if (error) reject(error);
          else resolve();
        });
        // close() alone waits for every open connection; a hung request would wait forever.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
