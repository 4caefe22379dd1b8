/**
 * The three servers the benchmarks talk to, each a child process on 127.0.0.1: the stand-in
 * enquiry API (`npm run enquiry-api`'s entry), the proxy (`npm run proxy`'s entry) and, for
 * the do-it-yourself comparison, Debian's nginx as a plain reverse proxy that adds the
 * `Authorization` header.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_ROOT } from '../../demo/enquiry-api/app.ts';
import { PROXY_NODE_FLAGS } from '../../proxy/test/fixtures/node-flags.ts';
import { adminStatus, proxyEnvFor } from '../../proxy/test/fixtures/proxy-env.ts';
import { toolPath } from '../../proxy/test/fixtures/system-tools.ts';
import { freePort, scratchDir, startChild, waitForHttp, type Child } from './processes.ts';

/** Made up for this run: the stand-in, the proxy and nginx share them, nobody else needs them. */
const CREDENTIALS = Object.freeze({
  username: 'bench',
  password: randomBytes(18).toString('base64url'),
});

export const AUTHORIZATION = `Basic ${Buffer.from(
  `${CREDENTIALS.username}:${CREDENTIALS.password}`,
).toString('base64')}`;

/**
 * `node --import tsx <entry>`: what `npm run proxy` runs, without npm in between. With
 * `BENCH_CPU_PROF=proxy` (or `enquiry-api`: any part of the entry's path) that server writes a V8
 * CPU profile into `BENCH_CPU_PROF_DIR` (default `bench-profiles/`) when it stops: how the
 * profiles BENCHMARKS.md describes were taken. With `BENCH_PERF_MAP` (the same way), that server
 * names its JavaScript frames for Linux perf (`perf-stages.ts`).
 */
const nodeEntry = (entry: string) => {
  const profiled = process.env.BENCH_CPU_PROF && entry.includes(process.env.BENCH_CPU_PROF);
  const profile = profiled
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR ?? 'bench-profiles'}`]
    : [];
  // Names its JavaScript frames for Linux perf (`perf-stages.ts`), in /tmp/perf-<pid>.map.
  if (process.env.BENCH_PERF_MAP && entry.includes(process.env.BENCH_PERF_MAP))
    profile.push('--perf-basic-prof');
  // The proxy with the flags it is deployed with; the relays and the stand-in with Node's defaults.
  const deployed = entry === 'proxy/main.ts' ? PROXY_NODE_FLAGS : [];
  return [process.execPath, [...profile, ...deployed, '--import', 'tsx', entry]] as const;
};

export interface Server {
  child: Child;
  /** `http://127.0.0.1:port` */
  origin: string;
}

export interface StandIn extends Server {
  /** The service root, e.g. `http://127.0.0.1:port/wp-json/enquiries/v1`. */
  url: string;
}

/** The stand-in with its SQLite file on tmpfs: fast, so what is measured is what sits in front. */
export async function startStandIn(): Promise<StandIn> {
  const port = await freePort();
  const [command, args] = nodeEntry('demo/enquiry-api/main.ts');
  const dataDir = scratchDir('stand-in', 'memory');
  const env = {
    ENQUIRY_API_USERNAME: CREDENTIALS.username,
    ENQUIRY_API_PASSWORD: CREDENTIALS.password,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ENQUIRY_API_CONTROL: '1', // its counts alone, for `deliveredThrough`
  };
  const child = startChild('stand-in', command, args, env, [dataDir]);
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(child, `${origin}/inbox.json`);
  return { child, origin, url: `${origin}${DEFAULT_ROOT}` };
}

/** The process environment the proxy is run with (`deploy/enquiry-form.service`, the Dockerfile). */
const AS_DEPLOYED = { MALLOC_ARENA_MAX: '2' };

export interface ProxyServer extends Server {
  dataDir: string;
}

/**
 * The proxy wired to `standIn` (see `proxyEnvFor`: no minimum fill time, rate limits out of the
 * way), run as deployed (`AS_DEPLOYED`), with its outbox on disk unless `outbox` says `memory`
 * (tmpfs), `env` on top, and its data directory `prepare`d first.
 * Logs stay at the default level (`info`), as deployed.
 */
export async function startProxyServer(
  standIn: StandIn,
  options: {
    outbox?: 'disk' | 'memory';
    env?: Record<string, string>;
    /** `glibc-default`: without the unit's `MALLOC_ARENA_MAX` (diagnostics only). */
    allocator?: 'deployed' | 'glibc-default';
    /** Done to the data directory before the proxy starts (`npm run outbox -- …`, say). */
    prepare?: (dataDir: string) => Promise<void>;
    /** Another checkout's proxy (`console-ab.ts`): run there, with its own flags and form. */
    checkout?: { dir: string; flags: readonly string[]; formConfig: string };
  } = {},
): Promise<ProxyServer> {
  const port = await freePort();
  const dataDir = scratchDir('outbox', options.outbox ?? 'disk');
  const env = proxyEnvFor(standIn, CREDENTIALS, {
    ...(options.allocator === 'glibc-default' ? {} : AS_DEPLOYED),
    PORT: String(port),
    DATA_DIR: dataDir,
    ...(options.checkout ? { FORM_CONFIG: options.checkout.formConfig } : {}),
    ...options.env,
  });
  await options.prepare?.(dataDir);
  const { checkout } = options;
  const [command, args] = checkout
    ? ([process.execPath, [...checkout.flags, '--import', 'tsx', 'proxy/main.ts']] as const)
    : nodeEntry('proxy/main.ts');
  const child = startChild('proxy', command, args, env, [dataDir], checkout?.dir);
  const origin = `http://127.0.0.1:${port}`;
  // tsx compiles the proxy's sources as it starts: on a machine shared with other work, 20 s
  // was seen too short (a load average of 23 on two cores).
  await waitForHttp(child, `${origin}/healthz`, 60_000);
  return { child, origin, dataDir };
}

/**
 * nginx in the foreground (`daemon off`), one worker (the proxy and the stand-in use one core
 * each too), with keep-alive connections to the stand-in as its documentation recommends.
 * Everything it writes (pid, logs, temp files) stays in a scratch directory.
 */
export async function startNginx(standIn: StandIn): Promise<Server & { command: string }> {
  const dir = scratchDir('nginx', 'memory');
  // Workers run as nobody when the master is root: they must be able to reach their temp paths.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const upstream = new URL(standIn.origin);
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream enquiry_api {
    server ${upstream.host};
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://enquiry_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Authorization "${AUTHORIZATION}";
    }
  }
}
`,
  );
  const args = ['-p', dir, '-c', conf, '-e', 'stderr'];
  const nginx = toolPath('nginx');
  const child = startChild('nginx', nginx, args, {}, [dir]);
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(child, `${origin}/`);
  return { child, origin, command: `${nginx} ${args.join(' ')}` };
}

/**
 * The yardstick relay (`relay-server.ts`) wired to `standIn`, its database on disk as the
 * proxy's outbox is; `flushed: false` commits without flushing the WAL (`synchronous = NORMAL`);
 * `env` on top.
 */
export async function startRelay(
  standIn: StandIn,
  { flushed = true, env: extra = {} }: { flushed?: boolean; env?: Record<string, string> } = {},
): Promise<Server> {
  const port = await freePort();
  const dataDir = scratchDir('relay', 'disk');
  const env = {
    ENQUIRY_API_URL: standIn.url,
    ENQUIRY_API_USERNAME: CREDENTIALS.username,
    ENQUIRY_API_PASSWORD: CREDENTIALS.password,
    PORT: String(port),
    DATA_DIR: dataDir,
    ...AS_DEPLOYED,
    ...(flushed ? {} : { RELAY_SYNCHRONOUS: 'NORMAL' }),
    ...extra,
  };
  const [command, args] = nodeEntry('e2e/bench/relay-server.ts');
  const child = startChild('relay', command, args, env, [dataDir]);
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(child, `${origin}/status`);
  return { child, origin };
}

/**
 * Waits for `done` (true, or what is still left, said if it times out), asking every `everyMs`.
 * Five minutes: on this shared machine, at a load average past 20, an attempt timed out by the
 * stand-in waits for its backoff, and two minutes were seen too short.
 */
export async function until(
  label: string,
  done: () => Promise<string | true>,
  everyMs = 50,
): Promise<void> {
  const deadline = Date.now() + 300_000;
  for (let left = await done(); left !== true; left = await done()) {
    if (Date.now() > deadline)
      throw new Error(`the ${label}'s deliveries did not finish in five minutes: ${left}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** How many enquiries the stand-in has created since it started, without listing them. */
export async function createdOn(standIn: Server): Promise<number> {
  const response = await fetch(`${standIn.origin}/__control/stats`);
  return ((await response.json()) as { created: number }).created;
}

/**
 * Resolves once the proxy at `origin` has delivered all it took: first the stand-in's count
 * reaching `created` (asked of the stand-in, so the wait costs the proxy nothing, as a relay's
 * counters in memory cost it nothing), then the proxy's own word that nothing is queued, asked
 * once or twice: `/admin/status` counts the outbox, 2 ms or so with 100,000 leads.
 */
export async function deliveredThrough(
  standIn: Server,
  created: number,
  origin: string,
): Promise<void> {
  await until('stand-in', async () => {
    const now = await createdOn(standIn);
    return now >= created || `${String(now)} of ${String(created)} created`;
  });
  await outboxDrained(origin);
}

/** Resolves once the proxy at `origin` has nothing queued: all it accepted is delivered. */
export const outboxDrained = (origin: string, everyMs?: number): Promise<void> =>
  until(
    'proxy',
    async () => {
      const { outbox } = await adminStatus<{ outbox: { queued: number } }>(origin);
      return outbox.queued === 0 || JSON.stringify(outbox);
    },
    everyMs,
  );
