/**
 * The proxy on Node: takes the data directory, opens the outbox, has its parts built
 * (`lifecycle/build-parts.ts`: the client, the deliverer, the app's parts), listens, starts the
 * workers, and shuts down within its grace period (`lifecycle/shutdown.ts`).
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { createApp } from './app.ts';
import {
  FormConfigError,
  parseFormConfigs,
  type FormConfig,
  type FormConfigs,
} from './contract/schemas/form-config.ts';
import type { ProxyEnv } from './env.ts';
import type { Translations } from './http/form-language.ts';
import { isTrustedProxy } from './http/client-ip.ts';
import { hashedFiles } from './http/widget-assets.ts';
import { createLogger, type Logger } from './logger.ts';
import { buildParts } from './lifecycle/build-parts.ts';
import { chores, startHousekeeping } from './lifecycle/housekeeping.ts';
import { uploadSweep } from './intake/uploads/upload-sweep.ts';
import { draftSweep } from './intake/drafts/draft-keeper.ts';
import { draftSecrets } from './intake/drafts/draft-secrets.ts';
import { storedSecret } from './outbox/stored-secret.ts';
import { listen } from './lifecycle/listen.ts';
import { openOutbox, type OpenOutbox } from './lifecycle/open-outbox.ts';
import { listenFailure } from './lifecycle/outbox-address.ts';
import { checkAtStart, recover, startNotifier } from './lifecycle/startup.ts';
import { shutdown } from './lifecycle/shutdown.ts';
import type { CheckReport } from './client/check.ts';
import type { Converter } from './convert/conversion.ts';
import type { AcceptedKind } from './contract/limits.ts';
import { openConverter, withAcceptedKinds } from './convert/open-converter.ts';

/** A proxy listening on Node. */
export interface RunningProxy {
  url: string;
  log: Logger;
  /** The platform check run at start (logged; a setup problem pauses delivery), once done. */
  checked: Promise<CheckReport | undefined>;
  /** The kinds of file visitors are offered here (`files.kinds` as the converters allow). */
  offered: readonly AcceptedKind[];
  /** Why documents are not converted though asked for (`CONVERT_DOCUMENTS=1`), if so. */
  documentsOff?: string | undefined;
  /** Stops taking requests, lets in-flight ones finish while there is time, closes the outbox. */
  close(): Promise<void>;
}

/**
 * Reads and checks `FORM_CONFIG` in every language it lists; the error names the file and each
 * problem's JSON path.
 */
export function readFormConfigs(path: string): FormConfigs {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new FormConfigError([
      `cannot read ${path} as JSON: ${error instanceof Error ? error.message : String(error)}`,
    ]);
  }
  // A strings file is named from the configuration's own folder.
  return parseFormConfigs(json, (file) =>
    JSON.parse(readFileSync(resolve(dirname(path), file), 'utf8')),
  );
}

/** Starts the proxy from a checked environment: the outbox, the delivery loop, the HTTP server. */
export async function startProxy(
  env: ProxyEnv,
  log: Logger = createLogger({ level: env.LOG_LEVEL }),
): Promise<RunningProxy> {
  const converter = await openConverter(env, log);
  const forms = readFormConfigs(env.FORM_CONFIG);
  const config = withAcceptedKinds(forms.first, converter, log);
  const outbox = await openOutbox(env, log);
  try {
    return await start(env, log, config, { ...outbox, converter }, forms);
  } catch (error) {
    await outbox.close();
    await converter.close();
    throw error;
  }
}

async function start(
  env: ProxyEnv,
  log: Logger,
  config: FormConfig,
  outbox: OpenOutbox & { converter: Converter },
  translations: Translations,
): Promise<RunningProxy> {
  const { store, converter } = outbox;
  await recover(store, log);
  const { deliverer, webhooks, check, deps } = await buildParts(
    env,
    log,
    config,
    outbox,
    translations,
  );
  const app = createApp(deps);
  // This build's late bundle and chunks, kept for pages that load its entry after the next
  // deploy (a housekeeping chore says so again each day while this build runs).
  const widgetFiles = hashedFiles(deps.widget);
  await store.keepWidgetFiles(widgetFiles, Date.now());

  let closing = false;
  const server = await listen(
    async (request, bindings) => {
      const response = await app.fetch(request, bindings);
      // Once shutting down, each answer closes its connection, so keep-alive cannot hold it open.
      if (closing) response.headers.set('Connection', 'close');
      return response;
    },
    {
      port: env.PORT,
      hostname: env.HOST,
      perAddress: env.MAX_CONNECTIONS_PER_CLIENT,
      total: env.MAX_CONNECTIONS,
      exempt: (address) => isTrustedProxy(env.TRUSTED_PROXIES, address),
      onRefused: (address) => {
        log.warn({ address }, 'too many connections from one address: refused');
      },
    },
  ).catch((error: unknown) => {
    throw listenFailure(env, error);
  });
  deliverer.start();
  webhooks?.start();
  const checked = checkAtStart(check, deliverer, log);
  const notifier = startNotifier(env, store, deliverer, log, config);
  const stopHousekeeping = startHousekeeping(
    [
      ...chores(store, env.RETENTION_DAYS, widgetFiles),
      uploadSweep(store, deps.uploadExpiryMs),
      // Always: drafts saved while the form offered saving expire after it stops offering it.
      draftSweep(
        store,
        deps.drafts?.secrets ?? draftSecrets(await storedSecret(store, 'draft_secret')),
        env.DRAFT_EXPIRY_DAYS * 86_400_000,
      ),
    ],
    log,
  );

  const { port } = server.address() as AddressInfo;
  const url = `http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${port}`;
  log.info(
    {
      url,
      upstream: env.ENQUIRY_API_URL,
      allowedOrigins: env.ALLOWED_ORIGINS,
      outbox: env.DATABASE_URL ? 'postgresql' : env.DATA_DIR,
    },
    'proxy listening',
  );

  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (() => {
      closing = true;
      stopHousekeeping();
      return shutdown({
        server,
        deliverer,
        notifier,
        webhooks,
        log,
        drainMs: env.SHUTDOWN_DRAIN_MS,
        release: async () => {
          await outbox.close();
          await converter.close();
        },
      });
    })());
  return {
    url,
    log,
    checked,
    offered: config.files.kinds ?? [],
    documentsOff: converter.warnings?.[0],
    close,
  };
}
