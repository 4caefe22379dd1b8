/**
 * The proxy on Node: wires the environment to the outbox, the client, the deliverer and the
 * app, listens, and shuts down gently (in-flight requests finish, deliveries drain).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createApp } from './app.ts';
import { lockDataDir } from './outbox/data-dir-lock.ts';
import { createFormTokens } from './http/bots/form-token.ts';
import { createTurnstileVerifier } from './http/bots/turnstile.ts';
import { createEnquiryApiClient } from './client/enquiry-api-client.ts';
import {
  FormConfigError,
  parseFormConfig,
  type FormConfig,
} from './contract/schemas/form-config.ts';
import type { ProxyEnv } from './env.ts';
import { createClientIpResolver } from './http/client-ip.ts';
import { createLogger, type Logger } from './logger.ts';
import { Deliverer } from './delivery/deliverer.ts';
import { openSqliteOutbox } from './outbox/sqlite-store.ts';
import { loadWidgetAssets } from './http/widget-assets.ts';

const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A proxy listening on Node. */
export interface RunningProxy {
  url: string;
  log: Logger;
  /** Stops taking requests, lets in-flight ones finish, drains deliveries, closes the outbox. */
  close(): Promise<void>;
}

/** Reads and checks `FORM_CONFIG`; the error names the file and each problem's JSON path. */
export function readFormConfig(path: string): FormConfig {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new FormConfigError([
      `cannot read ${path} as JSON: ${error instanceof Error ? error.message : String(error)}`,
    ]);
  }
  return parseFormConfig(json);
}

/** Starts the proxy from a checked environment: the outbox, the delivery loop, the HTTP server. */
export async function startProxy(
  env: ProxyEnv,
  log: Logger = createLogger({ level: env.LOG_LEVEL }),
): Promise<RunningProxy> {
  const config = readFormConfig(env.FORM_CONFIG);
  mkdirSync(env.DATA_DIR, { recursive: true });
  const unlock = lockDataDir(env.DATA_DIR);
  try {
    return await start(env, log, config, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

async function start(
  env: ProxyEnv,
  log: Logger,
  config: FormConfig,
  unlock: () => void,
): Promise<RunningProxy> {
  const store = openSqliteOutbox(join(env.DATA_DIR, 'outbox.sqlite'));
  // One proxy process per DATA_DIR: leases left by a crashed predecessor are ours to take over.
  const abandoned = await store.releaseAllLeases();
  if (abandoned > 0)
    log.warn({ abandoned }, 'resuming deliveries interrupted by the last shutdown');

  const client = createEnquiryApiClient({
    baseUrl: env.ENQUIRY_API_URL,
    username: env.ENQUIRY_API_USERNAME,
    password: env.ENQUIRY_API_PASSWORD,
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
  });
  const deliverer = new Deliverer({
    store,
    client,
    log,
    policy: {
      baseMs: env.RETRY_BASE_MS,
      maxDelayMs: env.RETRY_MAX_DELAY_MS,
      giveUpAfterMs: env.RETRY_GIVE_UP_AFTER_MS,
    },
    authRetryMs: env.AUTH_RETRY_MS,
  });
  const secret = env.FORM_TOKEN_SECRET ?? (await storedSecret(store));
  const resolveIp = createClientIpResolver(env.TRUSTED_PROXIES);
  const widget = loadWidgetAssets(resolve(env.WIDGET_DIR));
  if (!widget.has('enquiry-form.js'))
    log.warn({ dir: env.WIDGET_DIR }, 'the widget is not built: run npm run build');

  const turnstile =
    env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY
      ? { siteKey: env.TURNSTILE_SITE_KEY, secretKey: env.TURNSTILE_SECRET_KEY }
      : undefined;
  const app = createApp({
    config,
    allowedOrigins: env.ALLOWED_ORIGINS,
    store,
    deliverer,
    log,
    widget,
    deliveryDeadlineMs: env.DELIVERY_DEADLINE_MS,
    bots: {
      tokens: createFormTokens(secret),
      minFillMs: env.MIN_FILL_SECONDS * 1000,
      ...(turnstile
        ? {
            verifyTurnstile: createTurnstileVerifier({
              secretKey: turnstile.secretKey,
              verifyUrl: env.TURNSTILE_VERIFY_URL,
            }),
          }
        : {}),
    },
    ...(turnstile
      ? { turnstile: { siteKey: turnstile.siteKey, scriptUrl: env.TURNSTILE_SCRIPT_URL } }
      : {}),
    maxInFlightBytes: env.MAX_IN_FLIGHT_BYTES,
    rateLimits: {
      perClientPerMinute: env.RATE_LIMIT_PER_MINUTE,
      globalPerMinute: env.RATE_LIMIT_GLOBAL_PER_MINUTE,
    },
    clientIp: (c) => resolveIp(getConnInfo(c).remote.address, c.req.header('x-forwarded-for')),
    now: Date.now,
  });

  let closing: Promise<void> | undefined;
  // Once shutting down, each answer closes its connection, so keep-alive cannot hold close() open.
  const server = await listen(
    async (request, bindings) => {
      const response = await app.fetch(request, bindings);
      if (closing) response.headers.set('Connection', 'close');
      return response;
    },
    env.PORT,
    env.HOST,
  );
  deliverer.start();
  const housekeeping = setInterval(
    () => {
      store.purgeIdempotencyKeys(Date.now() - IDEMPOTENCY_KEY_LIFETIME_MS).catch((err: unknown) => {
        log.error({ err }, 'housekeeping failed');
      });
    },
    60 * 60 * 1000,
  );
  housekeeping.unref();

  const { port } = server.address() as AddressInfo;
  const url = `http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${port}`;
  log.info(
    {
      url,
      upstream: env.ENQUIRY_API_URL,
      allowedOrigins: env.ALLOWED_ORIGINS,
      dataDir: env.DATA_DIR,
    },
    'proxy listening',
  );

  const close = () =>
    (closing ??= (async () => {
      log.info('shutting down: finishing requests and deliveries in flight');
      clearInterval(housekeeping);
      const requestsDone = new Promise<void>((done) =>
        server.close(() => {
          done();
        }),
      );
      // Keep-alive connections with no request in flight would otherwise hold close() open.
      if ('closeIdleConnections' in server) server.closeIdleConnections();
      await Promise.race([
        requestsDone,
        new Promise((r) => setTimeout(r, env.SHUTDOWN_DRAIN_MS + env.DELIVERY_DEADLINE_MS)),
      ]);
      await deliverer.stop(env.SHUTDOWN_DRAIN_MS);
      await store.close();
      unlock();
      log.info('stopped');
    })());
  return { url, log, close };
}

function listen(
  fetch: Parameters<typeof serve>[0]['fetch'],
  port: number,
  hostname: string,
): Promise<ServerType> {
  return new Promise((resolveServer, reject) => {
    const server = serve({ fetch, port, hostname }, () => {
      resolveServer(server);
    });
    server.once('error', reject);
    if ('requestTimeout' in server) {
      // A slow upload of the largest allowed files still fits; a stalled one is cut off.
      server.requestTimeout = 5 * 60_000;
      server.headersTimeout = 30_000;
    }
  });
}

/** The form-token secret: generated once and kept in the outbox, so restarts keep open forms valid. */
async function storedSecret(store: {
  getSetting(n: string): Promise<string | null>;
  setSetting(n: string, v: string): Promise<void>;
}) {
  const existing = await store.getSetting('form_token_secret');
  if (existing) return existing;
  const secret = randomBytes(32).toString('base64url');
  await store.setSetting('form_token_secret', secret);
  return secret;
}
