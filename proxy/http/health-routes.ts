/**
 * How the proxy is, for three audiences. Public: `GET /healthz` (is it working: `ok`,
 * `degraded` or `failing`, nothing more) and `GET /readyz` (may it take traffic: the outbox is
 * writable and its disk not full; and a warning when that disk is short of the retry window's
 * leads at today's rate). Behind `ADMIN_TOKEN` (a bearer token; without one configured
 * these answer 404): `GET /admin/status` (the details) and `GET /metrics` (Prometheus).
 */
import { Hono } from 'hono';
import type { Converter } from '../convert/conversion.ts';
import type { Deliverer } from '../delivery/deliverer.ts';
import type { PauseState } from '../delivery/pause.ts';
import {
  StoreUnavailableError,
  type OperatorView,
  type PlatformOutage,
  type PlatformOutages,
  type UnfinishedView,
} from '../outbox/store.ts';
import { adminOnly, type AdminTokenDeps } from './admin-only.ts';
import type { OutboxAttention, OutboxCounts } from '../outbox/submission.ts';
import type { Metrics } from './metrics.ts';
import { readyWarning, type RoomForecast } from '../outbox/room-forecast.ts';
import { counted } from '../contract/plurals.ts';

/** `failing`: enquiries cannot be taken or delivered now; `degraded`: a person should look. */
export type HealthStatus = 'ok' | 'degraded' | 'failing';

/**
 * The status, and the reasons for it (for operators only), from what needs `attention` in the
 * outbox; `counts` (the operators' route reads them) say how many in the reasons.
 */
function assessHealth(
  deps: HealthRouteDeps,
  attention: OutboxAttention,
  counts?: Pick<OutboxCounts, 'dead' | 'partial'>,
): { status: HealthStatus; reasons: string[] } {
  const failing: string[] = [];
  const degraded: string[] = [];
  if (deps.health.storageFullAt !== undefined)
    failing.push('storage full: new enquiries are refused');
  if (deps.deliverer.pauseState)
    failing.push(`delivery paused: ${deps.deliverer.pauseState.reason}`);
  const down = deps.deliverer.upstreamDown;
  if (down && !deps.deliverer.pauseState)
    failing.push(`the platform fails to answer: ${down.error}`);
  degraded.push(...(deps.converter?.warnings ?? []));
  // How many, when the route read the counts: "1 enquiry could", "some enquiries could".
  const howMany = (count: number | undefined, one: string, many: string) =>
    count === undefined ? `some ${many}` : counted(count, one, many);
  if (attention.anyDead)
    degraded.push(`${howMany(counts?.dead, 'enquiry', 'enquiries')} could not be delivered`);
  if (attention.anyPartial)
    degraded.push(`${howMany(counts?.partial, 'enquiry is', 'enquiries are')} partly delivered`);
  const waited = attention.oldestQueuedAt === null ? 0 : deps.now() - attention.oldestQueuedAt;
  if (waited >= deps.alertQueuedAfterMs)
    degraded.push(
      `the oldest waiting enquiry has waited ${counted(Math.round(waited / 60_000), 'minute')}`,
    );
  const status: HealthStatus =
    failing.length > 0 ? 'failing' : degraded.length > 0 ? 'degraded' : 'ok';
  return { status, reasons: [...failing, ...degraded] };
}

/** Delivery as `/admin/status` says it: running, or paused, why, what to do and since when. */
function deliveryState(pause: PauseState | undefined, outage: PlatformOutage | null) {
  const at = (ms: number) => new Date(ms).toISOString();
  if (pause) return { paused: pause.reason, fix: pause.hint ?? null, since: at(pause.since) };
  // The outage the alert and the console tell of: delivery is paused for it too.
  if (outage)
    return {
      paused: `the platform does not answer: ${outage.error}`,
      fix: 'Check that the platform is up. Nothing needs doing here: it is asked again at a backoff (every 30 s at most), and everything waiting is sent, oldest first, once it answers.',
      since: at(outage.since),
      nextCheckAt: at(outage.nextProbeAt),
    };
  return 'running';
}

/** What the proxy noticed that its health check reports. */
export interface HealthSignals {
  /** When the outbox last refused a write for want of space, if it has. */
  storageFullAt?: number;
}

/** What the health and admin routes read. */
export interface HealthRouteDeps extends AdminTokenDeps {
  /**
   * What needs attention (`/healthz`); counts, dead letters and the platform down, as every
   * instance sharing the outbox sees it (`/admin/status`).
   */
  store: Pick<OperatorView, 'attention' | 'counts' | 'leadPage'> &
    Pick<PlatformOutages, 'platformOutage'> &
    Pick<UnfinishedView, 'unfinishedCounts'>;
  /** Its warnings (documents off, and why) are reasons of `/admin/status`. */
  converter?: Pick<Converter, 'warnings'> | undefined;
  deliverer: Pick<Deliverer, 'paused' | 'pauseState' | 'upstreamDown'>;
  /** What the proxy has noticed about its own health. */
  health: HealthSignals;
  /** Why the proxy may not take traffic now (the outbox not writable, its disk full), if so. */
  readiness: () => Promise<string | undefined>;
  /** What a wait for the platform needs of the outbox's disk, and whether it has it. */
  roomForecast?: (() => Promise<RoomForecast>) | undefined;
  /** When a waiting enquiry makes health `degraded` (`ALERT_QUEUED_AFTER_MS`). */
  alertQueuedAfterMs: number;
  metrics?: Metrics | undefined;
}

/** The health routes, as a Hono app to mount at `/`. */
export function healthRoutes(deps: HealthRouteDeps): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });

  app.get('/healthz', async (c) => {
    // Anyone may ask, as often as they like: what it reads costs the same however many leads
    // the outbox holds. The outbox database away is the plainest `failing` of all, not an error.
    const attention = await deps.store.attention().catch((error: unknown) => {
      if (error instanceof StoreUnavailableError) return undefined;
      throw error;
    });
    const { status } = attention ? assessHealth(deps, attention) : { status: 'failing' as const };
    return c.json({ status }, status === 'failing' ? 503 : 200);
  });

  app.get('/readyz', async (c) => {
    const problem = await deps.readiness();
    if (problem) return c.json({ ready: false, problem }, 503);
    // Short of room for the retry window is a warning, not a reason to take no traffic.
    const forecast = await deps.roomForecast?.().catch(() => undefined);
    const warning = forecast && readyWarning(forecast);
    return c.json({ ready: true, ...(warning ? { warning } : {}) });
  });

  // /admin/ itself is the console's, signed in with a session (`console/`).
  app.use('/admin/status', adminOnly(deps));
  app.use('/metrics', adminOnly(deps));

  app.get('/admin/status', async (c) => {
    const counts = await deps.store.counts();
    const attention = {
      anyDead: counts.dead > 0,
      anyPartial: counts.partial > 0,
      oldestQueuedAt: counts.oldestQueuedAt,
    };
    const { status, reasons } = assessHealth(deps, attention, counts);
    const pause = deps.deliverer.pauseState;
    const upstreamDown = deps.deliverer.upstreamDown;
    // The newest 20, read by the index on state: never every dead letter of a long outage.
    const dead = (await deps.store.leadPage({ state: 'dead', limit: 20 })).reverse();
    return c.json({
      status,
      reasons,
      delivery: deliveryState(pause, pause ? null : await deps.store.platformOutage()),
      lastUpstreamError: upstreamDown
        ? { ...upstreamDown, since: new Date(upstreamDown.since).toISOString() }
        : null,
      storage: deps.health.storageFullAt === undefined ? 'ok' : 'full',
      room: (await deps.roomForecast?.()) ?? null,
      outbox: {
        ...counts,
        oldestQueuedAt:
          counts.oldestQueuedAt === null ? null : new Date(counts.oldestQueuedAt).toISOString(),
        oldestQueuedAgeSeconds:
          counts.oldestQueuedAt === null
            ? null
            : Math.round((deps.now() - counts.oldestQueuedAt) / 1000),
      },
      // Unfinished enquiries kept now, and how many were erased, sent or unticked since the start.
      unfinished: await deps.store.unfinishedCounts(),
      deadLetters: dead.map((submission) => ({
        reference: submission.reference,
        reason: submission.note,
        receivedAt: new Date(submission.receivedAt).toISOString(),
        notified: submission.notifiedAt !== null,
      })),
    });
  });

  app.get('/metrics', async (c) => {
    const registry = deps.metrics?.registry;
    if (!registry) return c.notFound();
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType });
  });
  return app;
}
