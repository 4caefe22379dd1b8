/**
 * What a start does besides listening: tidy what a predecessor left, check the platform, start
 * the notifier.
 */
import { calendarsUnreadAt } from '../booking/busy-cache.ts';
import { invitationText } from '../booking/event-ical.ts';
import type { CurrentForm } from '../studio/live-form.ts';
import type { Deliverer } from '../delivery/deliverer.ts';
import type { ProxyEnv } from '../env.ts';
import type { Logger } from '../logger.ts';
import { notifyChannels } from '../notify/channels.ts';
import { confirmationsState } from '../notify/confirmations-state.ts';
import { Notifier } from '../notify/notifier.ts';
import type { AlertSources } from '../notify/alert-conditions.ts';
import type { OutageNoticeStore } from '../notify/outage-notices.ts';
import type {
  BookingStore,
  CalendarWriteQueue,
  ConfirmationQuotas,
  DeliveryQueue,
  FileSource,
  HostCalendars,
  Housekeeping,
  NotificationQueue,
  OperatorView,
  Settings,
  WebhookQueue,
} from '../outbox/store.ts';
import { logReport, type Platform } from '../platform.ts';

/**
 * The platform check at every start, in the log: a setup problem pauses delivery at once,
 * rather than at the first enquiry's expense.
 */
export async function checkAtStart(check: Platform['check'], deliverer: Deliverer, log: Logger) {
  const report = await check().catch(() => undefined);
  if (!report) return undefined;
  logReport(report, log);
  if (report.problem?.needsSetup) deliverer.pauseFor(report.problem);
  return report;
}

/** The notifier, when an email or a webhook is configured (docs/operations.md, "Notifications"). */
export function startNotifier(
  env: ProxyEnv,
  store: NotificationQueue &
    Pick<OperatorView, 'attention' | 'get'> &
    ConfirmationQuotas &
    FileSource &
    Settings &
    OutageNoticeStore &
    Pick<WebhookQueue, 'deadWebhooks'> &
    Pick<CalendarWriteQueue, 'calendarTrouble'> &
    Pick<HostCalendars, 'unreadCalendars'> &
    Pick<BookingStore, 'callsNotHeld'>,
  deliverer: Deliverer,
  log: Logger,
  form: CurrentForm,
  roomForecast?: AlertSources['roomForecast'],
) {
  // A case type named in a notification by its label in the version served when it is sent.
  const channels = notifyChannels(
    env,
    store,
    (id) => form.current().config.caseTypes.find((caseType) => caseType.id === id)?.label,
    invitationText,
  );
  // The hourly ceiling's alert counts by the version served at start.
  const { config } = form.current();
  if (!channels.email && !channels.webhook) return undefined;
  const notifier = new Notifier({
    store,
    channels,
    // The email channel may be there for visitors' confirmations alone.
    firmChannels: [
      ...(env.NOTIFY_EMAIL ? (['email'] as const) : []),
      ...(channels.webhook ? (['webhook'] as const) : []),
    ],
    log,
    pauseState: () => deliverer.pauseState,
    queuedAlertMs: env.ALERT_QUEUED_AFTER_MS,
    outageOverAfterMs: env.ALERT_OUTAGE_OVER_AFTER_MS,
    ...(config.confirmation && confirmationsState(env, config).on
      ? { confirmationCeiling: config.confirmation.limits.perHour }
      : {}),
    ...(env.WEBHOOK_ENDPOINTS.length > 0 ? { deadWebhooks: () => store.deadWebhooks() } : {}),
    calendarTrouble: () => store.calendarTrouble(),
    unreadCalendars: (now) => calendarsUnreadAt(store, now),
    roomForecast,
  });
  notifier.start();
  return notifier;
}

/** What a start finds and tidies: leases and keys of a predecessor, files a crash left. */
export async function recover(
  store: Housekeeping & Pick<DeliveryQueue, 'expediteQueued'>,
  log: Logger,
): Promise<void> {
  // Alone (the data-directory lock), any lease or in-flight key belongs to a process now gone;
  // sharing a database, only those of instances whose heartbeat stopped are tidied.
  const abandoned = await store.releaseAllLeases();
  if (abandoned > 0)
    log.warn({ abandoned }, 'resuming deliveries interrupted by the last shutdown');
  const settled = await store.settleInFlightKeys();
  if (settled > 0)
    log.info({ settled }, 'retries of enquiries the last process took are answered 202');
  const orphans = await store.removeOrphanFiles();
  if (orphans > 0) log.info({ orphans }, 'removed files a crash left without a submission');
  // Whatever waited for a retry time is tried now: the platform may have been fixed meanwhile.
  const due = await store.expediteQueued(Date.now());
  if (due > 0) log.info({ due }, 'queued enquiries are sent now');
}
