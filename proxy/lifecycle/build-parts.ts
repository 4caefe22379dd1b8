/**
 * The proxy's parts, built from the environment before it listens (`server.ts` listens, starts
 * them and shuts them down): the platform's client and its check, the signed webhooks, the
 * deliverer, and everything the app is built from. Apart from the listening, as a new part or
 * setting changes this file and never how the process starts and stops.
 */
import { resolve } from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppDeps } from '../app-deps.ts';
import { FILE_LIMIT_CEILINGS } from '../contract/limits.ts';
import { Deliverer } from '../delivery/deliverer.ts';
import type { ProxyEnv } from '../env.ts';
import { createFormTokens } from '../http/bots/form-token.ts';
import { createSentPasses } from '../intake/page/sent-pass.ts';
import { createTurnstileVerifier } from '../http/bots/turnstile.ts';
import { createMetrics } from '../http/metrics.ts';
import { ADMIN_TOKEN_TRIES_PER_MINUTE } from '../http/admin-only.ts';
import { createClientIpResolver, isTrustedProxy } from '../http/client-ip.ts';
import { ByteBudget } from '../intake/upload-guard.ts';
import { loadWidgetAssets } from '../http/widget-assets.ts';
import { earlierWidgetFiles } from '../http/earlier-widget-files.ts';
import { limiterSet } from '../limiter/token-buckets.ts';
import type { Logger } from '../logger.ts';
import { roomAboveReserve } from './disk-room.ts';
import { maxSubmissionBytes } from '../intake/read-multipart.ts';
import type { OpenOutbox } from './open-outbox.ts';
import { readinessCheck } from './readiness.ts';
import { roomForecast } from '../outbox/room-forecast.ts';
import { storedSecret } from '../outbox/stored-secret.ts';
import type { CheckRecord } from '../client/check.ts';
import { emailChannelOn } from '../notify/channels.ts';
import { confirmationsState, mailerMissing } from '../notify/confirmations-state.ts';
import { draftsState } from '../notify/drafts-state.ts';
import { draftSecrets } from '../intake/drafts/draft-secrets.ts';
import type { DraftsPart } from '../intake/drafts/draft-deps.ts';
import { firmCircle } from '../studio/firm-addresses.ts';
import { KEEPS_PER_CLIENT_PER_MINUTE } from '../intake/unfinished/unfinished-deps.ts';
import { outboxStudio } from '../studio/outbox-studio.ts';
import type { LiveForm } from '../studio/live-form.ts';
import type { FormStudio } from '../studio/form-studio.ts';
import { longestCallMs } from '../client/enquiry-api-client.ts';
import { platform, recordedCheck, type Platform } from '../platform.ts';
import type { Converter } from '../convert/conversion.ts';
import { Webhooks } from '../webhooks/webhooks.ts';
import { bookingParts, type BookingParts } from './booking-parts.ts';
import { teamsNaming } from '../webhooks/producer.ts';
import { providerNotice } from '../booking/meeting-providers.ts';

/** How much longer than its longest call a step's lease lasts. */
const LEASE_GRACE_MS = 5000;

/** What the server starts, serves and stops. */
export interface ProxyParts {
  deliverer: Deliverer;
  /** The signed webhooks' workers, when endpoints are configured. */
  webhooks: Webhooks | undefined;
  /** The platform check, each run remembered for the console. */
  check: Platform['check'];
  /** The form's versions and draft, whose publishes this instance serves at once. */
  studio: FormStudio;
  /** What the app is built from. */
  deps: AppDeps;
  /** Hosts' calendars, read and written in the background. */
  calendars: BookingParts['calendars'];
}

/** Builds the proxy's parts over an outbox already opened and recovered. */
export async function buildParts(
  env: ProxyEnv,
  log: Logger,
  form: LiveForm,
  outbox: OpenOutbox & { converter: Converter },
): Promise<ProxyParts> {
  const { store, converter } = outbox;
  const metrics = createMetrics(store);
  const { client, check: runCheck } = platform(env, log, (answer) => {
    metrics.upstream.inc({ endpoint: answer.endpoint, status: String(answer.status) });
  });
  // Each check remembered, at start and while paused: the console shows the last one.
  const checks = recordedCheck(runCheck);
  const check: typeof runCheck = (signal) => checks.check(signal);
  const webhooks =
    env.WEBHOOK_ENDPOINTS.length > 0
      ? new Webhooks({
          endpoints: env.WEBHOOK_ENDPOINTS,
          // Each endpoint's teams as the version served now names them.
          teamsOf: (url) => teamsNaming(form.current().config.routing)(url),
          store,
          log,
          timeoutMs: env.WEBHOOK_TIMEOUT_MS,
          concurrency: env.WEBHOOK_CONCURRENCY,
          filesMaxBytes: env.WEBHOOK_FILES_MAX_BYTES,
        })
      : undefined;
  const deliverer = new Deliverer({
    store,
    ...(webhooks ? { beforeAttempt: (submission) => webhooks.beforeAttempt(submission) } : {}),
    // A shared outbox's instances take each other's waiting enquiries: none waits by its lease
    // alone in one instance while another could deliver it.
    ...(outbox.owner ? { owner: outbox.owner, maxLeasesAlone: 0 } : {}),
    client,
    converter,
    log,
    policy: {
      baseMs: env.RETRY_BASE_MS,
      maxDelayMs: env.RETRY_MAX_DELAY_MS,
      giveUpAfterMs: env.RETRY_GIVE_UP_AFTER_MS,
    },
    authRetryMs: env.AUTH_RETRY_MS,
    check,
    // Each step holds its submission a little longer than its call can last: an instance that
    // dies mid-step gives its work to another within seconds of that, not a quarter of an hour.
    // A file is converted under the lease of the step before it: at most CONVERT_TIMEOUT_MS,
    // twice (a document that timed out is tried once more). The largest file is the largest any
    // version may take, as a version published later may take larger ones.
    leaseMs:
      longestCallMs(env.UPSTREAM_TIMEOUT_MS, FILE_LIMIT_CEILINGS.maxFileBytes) +
      2 * env.CONVERT_TIMEOUT_MS +
      LEASE_GRACE_MS,
    // A look at the queue each second: an operator's `npm run outbox -- retry` (another
    // process) is picked up within a second. One indexed query; new work also wakes the loop.
    pollMs: 1000,
    onAttempt: ({ state, failure, latencyMs }) => {
      metrics.attempts.inc({ state, failure: failure ?? '' });
      if (latencyMs !== undefined) metrics.latency.observe(latencyMs / 1000);
    },
  });
  // Work stored by another instance (or an operator's retry) wakes this deliverer at once.
  outbox.onWork(() => {
    deliverer.wake();
  });
  const { calendars, ...booking } = await bookingParts(env, log, form, outbox);
  const deps = {
    ...(await appDeps(env, log, form, outbox, deliverer, checks.last)),
    ...booking,
    metrics,
    converter,
    spool: outbox.spool,
  };
  return { deliverer, webhooks, check, deps, studio: deps.studio, calendars };
}

/** The app's parts, from the environment. */
async function appDeps(
  env: ProxyEnv,
  log: Logger,
  form: LiveForm,
  outbox: OpenOutbox,
  deliverer: Deliverer,
  lastCheck: () => CheckRecord | undefined,
): Promise<Omit<AppDeps, 'slots'> & { studio: FormStudio }> {
  const { store } = outbox;
  const secret = env.FORM_TOKEN_SECRET ?? (await storedSecret(store, 'form_token_secret'));
  const resolveIp = createClientIpResolver(env.TRUSTED_PROXIES);
  const widget = loadWidgetAssets(resolve(env.WIDGET_DIR));
  if (!widget.has('enquiry-form.js'))
    log.warn({ dir: env.WIDGET_DIR }, 'the widget is not built: run npm run build');
  const health: AppDeps['health'] = {};
  const { config } = form.current();
  const confirmations = confirmationsState(env, config);
  // What is not an enquiry writes to a local outbox's disk only above the room enquiries need.
  const largestEnquiry = () => maxSubmissionBytes(form.files());
  const room = outbox.dataDir
    ? {
        funnel: roomAboveReserve(outbox.dataDir, largestEnquiry),
        uploads: roomAboveReserve(outbox.dataDir, largestEnquiry, { lookEveryMs: 0 }),
      }
    : undefined;
  if (config.confirmation && !confirmations.on) log.warn(confirmations.why);
  if (config.routing && !emailChannelOn(env))
    log.warn('leads are routed to teams, but SMTP_URL is not set: no team is emailed its leads');
  const meetings = providerNotice(config);
  if (meetings) log.warn(meetings);
  const drafts = draftsState(env, config);
  if (config.drafts && !drafts.on) log.warn(drafts.why);
  const turnstile =
    env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY
      ? { siteKey: env.TURNSTILE_SITE_KEY, secretKey: env.TURNSTILE_SECRET_KEY }
      : undefined;
  return {
    form,
    // Its publishes are served here at once (the other instances hear of them).
    studio: outboxStudio({
      store,
      now: Date.now,
      onPublished: () => form.refresh(),
      // A version published from the console is held to what the file is held to at start.
      around: { webhookUrls: env.WEBHOOK_ENDPOINTS.map((endpoint) => endpoint.url) },
      // An editor's publish sends leads only within the firm (issue 84, finding 4).
      firm: () =>
        firmCircle({
          people: () => store.listPeople(Date.now()),
          notifyEmail: env.NOTIFY_EMAIL,
          oidcRoles: env.OIDC_ROLES,
        }),
    }),
    allowedOrigins: env.ALLOWED_ORIGINS,
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    sentPasses: createSentPasses(secret),
    store,
    deliverer,
    log,
    widget,
    earlierWidget: earlierWidgetFiles(store),
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
    aftercare: {
      receiptSecret: await storedSecret(store, 'receipt_secret'),
      // Whether the environment can send: each version's "confirmation" says whether to.
      emailOn: Boolean(env.SMTP_URL && env.CONFIRMATION_FROM),
      noticesOn: emailChannelOn(env),
      repeatWindowMs: env.REPEAT_WINDOW_DAYS * 86_400_000,
      ...(env.PUBLIC_URL ? { consoleOrigin: env.PUBLIC_URL } : {}),
    },
    ...(turnstile
      ? { turnstile: { siteKey: turnstile.siteKey, scriptUrl: env.TURNSTILE_SCRIPT_URL } }
      : {}),
    limits: {
      perClient: outbox.limiter('per-client', env.RATE_LIMIT_PER_MINUTE),
      global: outbox.limiter('global', env.RATE_LIMIT_GLOBAL_PER_MINUTE),
      bots: outbox.limiter('bots', env.RATE_LIMIT_PER_MINUTE),
      // The booking limits (`booking.limits`), sized as each call is asked for.
      calls: limiterSet((name, calls, windowMs) => outbox.limiter(name, calls, windowMs)),
      uploadBytes: new ByteBudget(env.MAX_IN_FLIGHT_BYTES),
      uploadsPerClient: env.MAX_UPLOADS_PER_CLIENT,
      bodyIdleMs: env.BODY_IDLE_TIMEOUT_MS,
      // A visitor's files are each an upload: a form's worth for each enquiry the rate allows
      // (the form's at start: a limiter keeps its rate).
      uploadCreations: outbox.limiter('uploads', env.RATE_LIMIT_PER_MINUTE * form.files().maxFiles),
    },
    uploads: store,
    uploadExpiryMs: env.UPLOAD_EXPIRY_HOURS * 3_600_000,
    // Whenever the mailer can send: each version's "drafts" says whether to offer saving, so a
    // version published from the studio turns it on or off without a restart (offersSaving).
    ...(mailerMissing(env).length === 0 ? { drafts: await draftsPart(env, outbox) } : {}),
    // Always: each version's "unfinished" says whether its form keeps them.
    unfinished: {
      store,
      remindersOn: mailerMissing(env).length === 0,
      limits: {
        perClient: outbox.limiter('unfinished', KEEPS_PER_CLIENT_PER_MINUTE),
        // Ten keeps for each enquiry everybody may send: a keep is a small write, and none
        // takes the outbox from enquiries.
        forAll: outbox.limiter('unfinished-all', env.RATE_LIMIT_GLOBAL_PER_MINUTE * 10),
      },
    },
    health,
    readiness: readinessCheck({ dataDir: outbox.dataDir, store, health }),
    // Two weeks of leads (the window) at today's rate, against the room above the reserve.
    roomForecast: roomForecast({ store, windowMs: env.RETRY_GIVE_UP_AFTER_MS, room: room?.funnel }),
    alertQueuedAfterMs: env.ALERT_QUEUED_AFTER_MS,
    funnelMinCount: env.FUNNEL_MIN_COUNT,
    // A database server watches its own disk; a local outbox's is ours to keep for enquiries.
    ...(room
      ? { funnelRoom: async () => (await room.funnel()) > 0, uploadRoom: room.uploads }
      : {}),
    ...(env.ADMIN_TOKEN
      ? {
          adminToken: env.ADMIN_TOKEN,
          // Every check of the token shares these: the console's sign-in and the bearer routes.
          adminGuard: {
            limiter: outbox.limiter('admin-token', ADMIN_TOKEN_TRIES_PER_MINUTE),
            audit: store,
          },
        }
      : {}),
    // The console is there once someone can sign in: the token, the identity provider, or a
    // person invited with `npm run outbox -- people invite` (`console/console-guard.ts`).
    console: {
      store,
      sessionSecret: await storedSecret(store, 'console_session_secret'),
      lastCheck,
      spoolDir: outbox.spoolDir,
      fromTrustedProxy: (c) =>
        isTrustedProxy(env.TRUSTED_PROXIES, getConnInfo(c).remote.address ?? ''),
      signInLimiter: outbox.limiter('console-sign-in', ADMIN_TOKEN_TRIES_PER_MINUTE),
      ...(env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET && env.OIDC_ROLES
        ? {
            oidc: {
              issuer: env.OIDC_ISSUER,
              clientId: env.OIDC_CLIENT_ID,
              clientSecret: env.OIDC_CLIENT_SECRET,
              roles: env.OIDC_ROLES,
            },
          }
        : {}),
    },
    clientIp: (c) => resolveIp(getConnInfo(c).remote.address, c.req.header('x-forwarded-for')),
    now: Date.now,
  };
}

/** "Save and continue later"'s parts: the outbox, its keyed hashes, its limits, its expiry. */
async function draftsPart(env: ProxyEnv, outbox: OpenOutbox): Promise<DraftsPart> {
  const { store } = outbox;
  return {
    store,
    secrets: draftSecrets(await storedSecret(store, 'draft_secret')),
    expiryMs: env.DRAFT_EXPIRY_DAYS * 86_400_000,
    limits: {
      perClient: outbox.limiter('drafts', env.RATE_LIMIT_PER_MINUTE),
    },
  };
}
