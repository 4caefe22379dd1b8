/**
 * Several proxies sharing one PostgreSQL outbox, as behind a load balancer: a real server of
 * the test file's own (`fixtures/postgres-server.ts`), a new database per test, the stand-in
 * enquiry API, and proxies started in this process on free ports. Everything is stopped after
 * each test; the server after the file.
 */
import { afterEach } from 'vitest';
import { startEnquiryApi } from '../../../demo/enquiry-api/server.ts';
import type { FaultPatch } from '../../../demo/enquiry-api/fault-settings.ts';
import { loadProxyEnv } from '../../env.ts';
import { createMemoryLogger } from '../fixtures/memory-logger.ts';
import { startProxy } from '../../server.ts';
import { missing, type PostgresServer } from '../fixtures/postgres-server.ts';
import { usePostgresServer } from '../fixtures/use-postgres-server.ts';
import { proxyEnvFor } from '../fixtures/proxy-env.ts';
import { instanceOf, type Instance } from '../fixtures/proxy-instance.ts';
import { CREDENTIALS } from '../platform/platform-session.ts';
import { fetchInbox } from '../../../demo/enquiry-api/inbox.ts';

/** Why the suite cannot run here, if it cannot. */
export const absent = missing();

let server = (): PostgresServer => {
  throw new Error('usePostgres() was not called');
};
const running: { close(): Promise<void> }[] = [];

/** The file's PostgreSQL (started before its first test). */
export const postgres = () => server();

/** Starts the file's server before its tests, stops everything after. */
export function usePostgres(): void {
  server = usePostgresServer();
  afterEach(async () => {
    for (const part of running.splice(0).reverse()) await part.close();
  });
}

export type { Answer, Instance } from '../fixtures/proxy-instance.ts';

/** A stand-in and `count` proxies on one new database. */
export async function sharedGroup(
  count: number,
  options: { env?: Record<string, string>; faults?: FaultPatch } = {},
) {
  const api = await startEnquiryApi({ credentials: CREDENTIALS, faults: options.faults ?? {} });
  running.push(api);
  const databaseUrl = await postgres().createDatabase();
  const env = proxyEnvFor(api, CREDENTIALS, {
    DATABASE_URL: databaseUrl,
    RETRY_BASE_MS: '100',
    RETRY_MAX_DELAY_MS: '400',
    AUTH_RETRY_MS: '250',
    DELIVERY_DEADLINE_MS: '3000',
    ...options.env,
  });
  const start = async (extra: Record<string, string> = {}): Promise<Instance> => {
    const logs = createMemoryLogger('debug');
    const proxy = await startProxy(loadProxyEnv({ ...env, ...extra }), logs.log);
    await proxy.checked;
    let closed = false;
    const instance = instanceOf(proxy, logs, async () => {
      if (closed) return;
      closed = true;
      await proxy.close();
    });
    running.push(instance);
    return instance;
  };
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++) instances.push(await start());
  return {
    api,
    databaseUrl,
    instances,
    /** Another proxy on the same database (a new instance, a restart). */
    start,
    faults: (patch: FaultPatch) => {
      api.faults.set(patch);
    },
    /** The enquiries the platform holds, with their files' names. */
    inbox: () => fetchInbox(api.origin),
  };
}
