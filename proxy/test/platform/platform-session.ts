/**
 * One proxy on a real port delivering to the stand-in on another, for the suites that switch the
 * stand-in's WordPress quirks on and off: what the visitor is answered, what health says, what
 * the log says, and what reached the platform. Retries and checks run in fractions of a second.
 */
import { afterEach } from 'vitest';
import { startEnquiryApi, type RunningEnquiryApi } from '../../../demo/enquiry-api/server.ts';
import type { FaultPatch } from '../../../demo/enquiry-api/fault-settings.ts';
import type { EnquiryPartInput } from '../../contract/schemas/enquiry-part.ts';
import { loadProxyEnv } from '../../env.ts';
import { createMemoryLogger } from '../fixtures/memory-logger.ts';
import { startProxy, type RunningProxy } from '../../server.ts';
import { adminStatus, proxyEnvFor } from '../fixtures/proxy-env.ts';
import { ORIGIN, validEnquiry } from '../fixtures/proxy-harness.ts';
import { fetchInbox, type InboxEnquiry } from '../../../demo/enquiry-api/inbox.ts';

export const CREDENTIALS = { username: 'quirks-user', password: 'abcd EFGH ijkl MNOP qrst UVWX' };

/** What `/admin/status` says (`delivery` as one line). */
export interface Health {
  status: string;
  delivery: string;
  /** What `/healthz` itself answered. */
  public: { status: string };
  outbox: { queued: number; delivered: number; dead: number; possibleDuplicates: number };
}

/** A stand-in and a proxy, closed after the test. */
export interface PlatformSession {
  api: RunningEnquiryApi;
  proxy: RunningProxy;
  dataDir: string;
  logs: ReturnType<typeof createMemoryLogger>;
  /** Switches the stand-in's faults (a quirk, say) at run time. */
  faults: (patch: FaultPatch) => void;
  /** One enquiry, as the widget posts it: a fresh form token, then the multipart POST. */
  submit: (
    files?: File[],
    enquiry?: Partial<EnquiryPartInput>,
  ) => Promise<{ status: number; body: Record<string, unknown> }>;
  health: () => Promise<Health>;
  /** The enquiries the platform holds, with the names of their files. */
  inbox: () => Promise<InboxEnquiry[]>;
  /** Log lines whose message contains `text`. */
  logged: (text: string) => Record<string, unknown>[];
  /** Stops the proxy only (the data directory stays, for a restart). */
  stopProxy: () => Promise<void>;
  /** A new proxy on the same data directory and stand-in, with `env` changes. */
  restart: (env?: Record<string, string>) => Promise<void>;
}

const open: PlatformSession[] = [];
afterEach(async () => {
  for (const session of open.splice(0)) {
    await session.stopProxy();
    await session.api.close();
  }
});

/**
 * @param env proxy environment on top of quick retries and checks; `ENQUIRY_API_URL` may be a
 *   function of the stand-in (its `?rest_route=` form, say, or another platform altogether)
 */
export async function platformSession(
  options: {
    faults?: FaultPatch;
    env?: Record<string, string>;
    url?: (api: RunningEnquiryApi) => string;
  } = {},
): Promise<PlatformSession> {
  const api = await startEnquiryApi({ credentials: CREDENTIALS, faults: options.faults ?? {} });
  const logs = createMemoryLogger('debug');
  const base = proxyEnvFor(api, CREDENTIALS, {
    AUTH_RETRY_MS: '250',
    RETRY_BASE_MS: '100',
    RETRY_MAX_DELAY_MS: '400',
    DELIVERY_DEADLINE_MS: '3000',
    ...(options.url ? { ENQUIRY_API_URL: options.url(api) } : {}),
    ...options.env,
  });
  let proxy = await startProxy(loadProxyEnv(base), logs.log);
  let stopped = false;
  await proxy.checked;

  const call = async (path: string, init?: RequestInit) => fetch(`${proxy.url}${path}`, init);
  const session: PlatformSession = {
    api,
    get proxy() {
      return proxy;
    },
    dataDir: base.DATA_DIR ?? '',
    logs,
    faults: (patch) => {
      api.faults.set(patch);
    },
    submit: async (files = [], enquiry = {}) => {
      const { token } = (await (await call('/api/form-token')).json()) as { token: string };
      const form = new FormData();
      form.append('enquiry', JSON.stringify({ ...validEnquiry(), ...enquiry, form_token: token }));
      for (const file of files) form.append('files', file);
      const response = await call('/api/enquiries', {
        method: 'POST',
        body: form,
        headers: { origin: ORIGIN },
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    health: async () => {
      const status = await adminStatus<
        Omit<Health, 'delivery' | 'public'> & { delivery: 'running' | { paused: string } }
      >(proxy.url);
      const publicStatus = (await (await call('/healthz')).json()) as { status: string };
      const delivery =
        status.delivery === 'running' ? 'running' : `paused: ${status.delivery.paused}`;
      return { ...status, delivery, public: publicStatus };
    },
    inbox: () => fetchInbox(api.origin),
    logged: (text) => logs.lines().filter((line) => String(line.msg).includes(text)),
    stopProxy: async () => {
      if (stopped) return;
      stopped = true;
      await proxy.close();
    },
    restart: async (env = {}) => {
      await session.stopProxy();
      proxy = await startProxy(loadProxyEnv({ ...base, ...env }), logs.log);
      stopped = false;
      await proxy.checked;
    },
  };
  open.push(session);
  return session;
}

/** Polls `probe` every 50 ms until it is true or `ms` pass; throws what it last saw. */
export async function eventually<T>(probe: () => Promise<T>, ok: (value: T) => boolean, ms = 5000) {
  const until = Date.now() + ms;
  let last = await probe();
  while (!ok(last)) {
    if (Date.now() > until) throw new Error(`not reached within ${ms} ms: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await probe();
  }
  return last;
}
