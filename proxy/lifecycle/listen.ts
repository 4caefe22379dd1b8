/**
 * The HTTP server on Node, with the limits a public service needs below the app: headers and
 * whole requests that take too long are cut off, one address cannot open more than its share
 * of connections, and the process never accepts connections past what its file descriptors
 * allow (an `EMFILE` would take every visitor down with it).
 */
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';

/** What to listen on, and how many connections to allow. */
export interface ListenOptions {
  port: number;
  hostname: string;
  /** Open connections from one address; more are closed at once. */
  perAddress: number;
  /** Open connections in all (lowered to fit the file descriptor limit). */
  total: number;
  /** Addresses exempt from `perAddress`: reverse proxies carry many clients' connections. */
  exempt: (address: string) => boolean;
  /** Told when a connection is refused (at most once a minute per address). */
  onRefused: (address: string) => void;
}

/** Descriptors kept free for the outbox, its files and upstream connections. */
const DESCRIPTOR_HEADROOM = 64;

/** The soft limit on open files of this process, where Linux says (`/proc/self/limits`). */
function openFilesLimit(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    return Number.isSafeInteger(soft) ? soft : undefined;
  } catch {
    return undefined;
  }
}

/** The connection ceiling: as configured, or lower when the descriptors would run out first. */
function connectionCeiling(configured: number, limit = openFilesLimit()): number {
  return limit === undefined
    ? configured
    : Math.max(1, Math.min(configured, limit - DESCRIPTOR_HEADROOM));
}

/**
 * Listens, and resolves once the server is listening.
 *
 * @example const server = await listen(app.fetch, { port: 8080, hostname: '127.0.0.1', perAddress: 16, total: 1024, exempt, onRefused });
 */
export function listen(
  fetch: Parameters<typeof serve>[0]['fetch'],
  options: ListenOptions,
): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port: options.port, hostname: options.hostname }, () => {
      resolve(server);
    });
    server.once('error', reject);
    if (!('requestTimeout' in server)) return;
    // A slow upload of the largest allowed files still fits; a stalled one is cut off sooner by
    // the body's idle timeout.
    server.requestTimeout = 5 * 60_000;
    server.headersTimeout = 30_000;
    server.maxConnections = connectionCeiling(options.total);
    limitPerAddress(server, options);
  });
}

function limitPerAddress(server: ServerType, options: ListenOptions): void {
  const open = new Map<string, number>();
  const told = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (options.exempt(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > options.perAddress) {
      socket.destroy();
      const now = Date.now();
      if ((told.get(address) ?? 0) < now - 60_000) {
        told.set(address, now);
        options.onRefused(address);
      }
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
