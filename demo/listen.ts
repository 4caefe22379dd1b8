/** A Hono app's `fetch` served on `hostname:port` (0: any free one), once it listens. */
import { serve, type ServerType } from '@hono/node-server';

/** Resolves once the server listens; rejects when it cannot (the port is taken). */
export function listen(
  fetch: Parameters<typeof serve>[0]['fetch'],
  port: number,
  hostname: string,
): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname }, () => {
      resolve(server);
    });
    server.once('error', reject);
  });
}
