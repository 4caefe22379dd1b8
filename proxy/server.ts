/**
 * The proxy on Node: takes the data directory, opens the outbox, publishes `FORM_CONFIG` when it
 * is new (`studio/form-file.ts`) and serves the form's latest version (`studio/live-form.ts`),
 * has its parts built (`lifecycle/build-parts.ts`: the client, the deliverer, the app's parts),
 * listens, starts the workers, and shuts down within its grace period (`lifecycle/shutdown.ts`).
 */
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { feedPath, hostsOf } from './booking/host-feeds.ts';
import type { ProxyEnv } from './env.ts';
import { FORM_TOKEN_MAX_AGE_MS } from './http/bots/bot-check.ts';
import { isTrustedProxy } from './http/client-ip.ts';
import { hashedFiles } from './http/widget-assets.ts';
import { createLogger, type Logger } from './logger.ts';
import { buildParts } from './lifecycle/build-parts.ts';
import { roomWords } from './outbox/room-forecast.ts';
import { chores, startHousekeeping } from './lifecycle/housekeeping.ts';
import { uploadSweep } from './intake/uploads/upload-sweep.ts';
import { draftSweep } from './intake/drafts/draft-keeper.ts';
import { unfinishedSweep } from './intake/unfinished/unfinished-sweep.ts';
import { unfinishedReminders } from './intake/unfinished/unfinished-reminders.ts';
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
import { publishFormFile, readFormFile } from './studio/form-file.ts';
import { openLiveForm, type WatchedLiveForm } from './studio/live-form.ts';
import type { FormStudio } from './studio/form-studio.ts';
import { confirmationsState } from './notify/confirmations-state.ts';
import type { ConfirmationConfig } from './contract/schemas/confirmation.ts';
import type { BookingLimits } from './contract/schemas/booking-limits.ts';

/**
 * How often each instance looks for a version it was not told of: the safety net under
 * PostgreSQL's NOTIFY, and how a running SQLite proxy finds one the CLI published.
 */
const LOOK_FOR_VERSIONS_MS = 2000;

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
  /** The form's versions and draft: what the console's studio pages publish through. */
  studio: FormStudio;
  /** Each host's calendar feed, as a path on the proxy (`docs/booking.md`, "Calendars"). */
  hostFeeds: { host: string; path: string }[];
  /** How many confirmation emails the form allows (`confirmation.limits`), when they are sent. */
  confirmationLimits?: ConfirmationConfig['limits'] | undefined;
  /** How many calls the form holds (`booking.limits`), when it books calls. */
  bookingLimits?: BookingLimits | undefined;
  /** Stops taking requests, lets in-flight ones finish while there is time, closes the outbox. */
  close(): Promise<void>;
}

/** Starts the proxy from a checked environment: the outbox, the delivery loop, the HTTP server. */
export async function startProxy(
  env: ProxyEnv,
  log: Logger = createLogger({ level: env.LOG_LEVEL }),
): Promise<RunningProxy> {
  // The file is read and checked before the outbox is opened, as it always was.
  const file = readFormFile(env.FORM_CONFIG, {
    // A team's webhook must be one of the endpoints this environment sends to.
    webhookUrls: env.WEBHOOK_ENDPOINTS.map((endpoint) => endpoint.url),
  });
  const converter = await openConverter(env, log);
  const outbox = await openOutbox(env, log);
  let live: WatchedLiveForm | undefined;
  try {
    await publishFormFile(outbox.store, file, log, Date.now);
    live = await openLiveForm({
      store: outbox.store,
      adapt: (config) => withAcceptedKinds(config, converter, log),
      honourForMs: FORM_TOKEN_MAX_AGE_MS,
      log,
      now: Date.now,
    });
    return await start(env, log, live, { ...outbox, converter });
  } catch (error) {
    live?.close();
    await outbox.close();
    await converter.close();
    throw error;
  }
}

async function start(
  env: ProxyEnv,
  log: Logger,
  live: WatchedLiveForm,
  outbox: OpenOutbox & { converter: Converter },
): Promise<RunningProxy> {
  const { store, converter } = outbox;
  await recover(store, log);
  const { deliverer, webhooks, check, deps, studio, calendars } = await buildParts(
    env,
    log,
    live,
    outbox,
  );
  // Versions published elsewhere: told at once on PostgreSQL, looked for every few seconds.
  outbox.onFormPublished(() => void live.refresh());
  live.watch(LOOK_FOR_VERSIONS_MS);
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
  calendars.start();
  const checked = checkAtStart(check, deliverer, log);
  const notifier = startNotifier(env, store, deliverer, log, live, deps.roomForecast);
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
      // Always: records kept while the form kept them expire after it stops keeping them.
      unfinishedSweep(store),
      // With the mailer: the one reminder a visitor asked for, opened as a saved enquiry is.
      ...(deps.drafts
        ? [unfinishedReminders(store, { form: live, secrets: deps.drafts.secrets })]
        : []),
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
  // The room a wait for the platform needs, said at each start (and warned of when short).
  void deps.roomForecast?.().then(
    (room) => {
      if (room.short) log.warn(roomWords(room));
      else log.info(roomWords(room));
    },
    () => undefined,
  );

  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (() => {
      closing = true;
      stopHousekeeping();
      live.close();
      return shutdown({
        server,
        deliverer,
        notifier,
        webhooks,
        calendars,
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
    // The version served at start (the banner's words); a later publish may offer others, and
    // name other hosts.
    offered: live.current().config.files.kinds ?? [],
    hostFeeds: await Promise.all(
      hostsOf(live.current().config).map(async (host) => ({
        host,
        path: await feedPath(store, host, { at: Date.now(), by: 'start' }),
      })),
    ),
    documentsOff: converter.warnings?.[0],
    confirmationLimits: confirmationsState(env, live.current().config).on
      ? live.current().config.confirmation?.limits
      : undefined,
    bookingLimits: live.current().config.booking?.limits,
    studio,
    close,
  };
}
