/**
 * Tells people what the proxy cannot fix alone. Each tick:
 *
 * 1. Leads: every dead or partly delivered submission not yet told gets one notification per
 *    channel, queued in the outbox in the transaction that marks it told (`notified_at`), so
 *    a restart neither loses nor repeats one.
 * 2. Alerts: delivery paused, or the oldest waiting enquiry older than `ALERT_QUEUED_AFTER_MS`,
 *    and their recovery, or the hour's ceiling on confirmation emails reached, at most one per
 *    kind per hour (the rest in an hourly digest); the platform down told once when it begins,
 *    once a day while it lasts, once when it is over (`outage-notices.ts`: outages close
 *    together are one), and nothing of the waiting enquiries' age meanwhile.
 * 3. Sending: due notifications go out, each channel on its own (a hanging mail server never
 *    holds back the webhook); a failure is retried with backoff for a day.
 */
import type { Logger } from '../logger.ts';
import { logFailure } from '../outbox/outage-log.ts';
import type { Channel, NewNotification, QueuedNotification } from '../outbox/notification.ts';
import type { NotificationQueue, Settings } from '../outbox/store.ts';
import { alertsDue } from './alert-book.ts';
import { alertConditions, type AlertSources } from './alert-conditions.ts';
import { outageNotices, type OutageNoticeStore } from './outage-notices.ts';
import type { Channels } from './channels.ts';
import { leadEvent, type NotifyEvent } from './events.ts';

/** How long a notification is retried before it is given up (and logged as an error). */
const GIVE_UP_AFTER_MS = 24 * 3_600_000;

/** What the notifier needs, with where its alerts' conditions are read (`alert-conditions.ts`). */
export interface NotifierOptions extends AlertSources {
  /**
   * The queue, the counts its queued-too-long alert reads, the confirmations' quotas its
   * ceiling alert reads, and where alerts are booked.
   */
  store: AlertSources['store'] & NotificationQueue & Settings & OutageNoticeStore;
  channels: Channels;
  /** The channels the firm is told on (leads, alerts); every channel when absent. */
  firmChannels?: readonly Channel[];
  log: Logger;
  tickMs?: number;
  now?: () => number;
  /** The platform down is over once it has answered this long (`ALERT_OUTAGE_OVER_AFTER_MS`). */
  outageOverAfterMs?: number;
}

/** Waits 30 s after the first failure, doubling to an hour. */
const retryDelay = (attempts: number) => Math.min(30_000 * 2 ** attempts, 3_600_000);

/** The notifier of one proxy process. */
export class Notifier {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  /** Each channel's round of sending in progress: one at a time per channel. */
  private readonly sending = new Map<Channel, Promise<void>>();
  private stopped = false;
  /** Set when `stop` gave up waiting: the outbox is about to close under any send still out. */
  private abandoned = false;
  private readonly now: () => number;
  private readonly channels: [Channel, NonNullable<Channels[Channel]>][];
  /** The outage's notices queued by this process: each is asked of the outbox once. */
  private readonly outageTold = new Set<string>();

  constructor(private readonly options: NotifierOptions) {
    this.now = options.now ?? Date.now;
    // Only the configured ones: a channel's key is absent, never undefined.
    this.channels = Object.entries(options.channels) as [Channel, NonNullable<Channels[Channel]>][];
  }

  /** Ticks every `tickMs` until stopped. */
  start(): void {
    const loop = () => {
      this.running = this.queueNew()
        .catch((error: unknown) => {
          logFailure(this.options.log, error, {}, 'notifications: a round failed; trying again');
        })
        .finally(() => {
          if (this.stopped) return;
          // Not awaited: a mail server that hangs must not hold back the next round's webhook.
          void this.sendDue();
          this.timer = setTimeout(loop, this.options.tickMs ?? 2000);
        });
    };
    this.timer = setTimeout(loop, 0);
  }

  /**
   * Stops ticking and waits for the sending in progress, `withinMs` at most: what is not sent
   * by then stays pending in the outbox and goes at the next start (a receiver may see it twice,
   * under the same id, if its answer came too late to be recorded).
   */
  async stop(withinMs = Infinity): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    const inProgress = Promise.all([this.running, ...this.sending.values()]).then(() => true);
    const timeUp = new Promise<false>((resolve) => {
      if (Number.isFinite(withinMs)) setTimeout(resolve, Math.max(0, withinMs), false).unref();
    });
    if (await Promise.race([inProgress, timeUp])) return;
    this.abandoned = true;
    this.options.log.warn(
      { channels: [...this.sending.keys()] },
      'notifications not sent before shutdown stay queued for the next start',
    );
  }

  /** One round: queue what is new, then send what is due on every channel. */
  async tick(): Promise<void> {
    await this.queueNew();
    await this.sendDue();
  }

  private async queueNew(): Promise<void> {
    // Nobody to tell (the email channel sends confirmations alone): a lead is never marked told.
    if (this.options.firmChannels?.length === 0) return;
    await this.queueLeads();
    await this.queueAlerts();
  }

  private rows(event: NotifyEvent, key: string, reference?: string): NewNotification[] {
    const firm = this.options.firmChannels;
    return this.channels
      .filter(([channel]) => !firm || firm.includes(channel))
      .map(([channel]) => ({
        key: `${key}:${channel}`,
        channel,
        kind: event.event,
        ...(reference ? { reference } : {}),
        payload: event,
        at: this.now(),
      }));
  }

  private async queueLeads(): Promise<void> {
    const { store, log } = this.options;
    for (const submission of await store.leadsToNotify(20)) {
      const event = leadEvent(submission, this.now());
      const key = `${event.event}:${submission.reference}:${String(this.now())}`;
      await store.queueNotifications(this.rows(event, key, submission.reference), {
        reference: submission.reference,
      });
      log.info({ reference: submission.reference, event: event.event }, 'the firm is told');
    }
  }

  private async queueAlerts(): Promise<void> {
    const { store } = this.options;
    const now = this.now();
    const outage = await outageNotices(store, now, this.options.outageOverAfterMs);
    for (const { key, event } of outage.notices) {
      if (this.outageTold.has(key)) continue;
      await store.queueNotifications(this.rows(event, key));
      this.outageTold.add(key);
    }
    await outage.told();
    const conditions = await alertConditions(this.options, now, {
      waitingForPlatform: outage.quiet,
    });
    const { alerts, save } = await alertsDue(store, now, conditions);
    // Queued first: a crash before the book is saved repeats an alert rather than losing it.
    for (const alert of alerts)
      await store.queueNotifications(this.rows(alert, `${alert.event}:${String(now)}`));
    await save();
  }

  /** Each channel sends on its own, so a slow one never delays another. */
  private async sendDue(): Promise<void> {
    await Promise.all(
      this.channels.map(([channel]) => {
        const running = this.sending.get(channel);
        if (running) return running;
        const round = this.sendChannel(channel)
          .catch((error: unknown) => {
            if (!this.abandoned)
              logFailure(this.options.log, error, { channel }, 'notifications: sending failed');
          })
          .finally(() => this.sending.delete(channel));
        this.sending.set(channel, round);
        return round;
      }),
    );
  }

  private async sendChannel(channel: Channel): Promise<void> {
    const { store } = this.options;
    for (const notification of await store.dueNotifications(this.now(), 20, channel)) {
      if (this.stopped) return;
      const outcome = await this.send(notification);
      // Given up on by `stop`: the outbox may be closed; the notification stays pending.
      if (this.abandoned) return;
      await store.finishNotification(notification.id, outcome);
    }
  }

  private async send(notification: QueuedNotification) {
    const send = this.options.channels[notification.channel];
    const now = this.now();
    const about = { key: notification.key, reference: notification.reference };
    if (!send)
      return { kind: 'failed' as const, error: `${notification.channel} is not configured` };
    try {
      await send(notification.payload as NotifyEvent, notification.key);
      this.options.log.info(about, `notification sent by ${notification.channel}`);
      return { kind: 'sent' as const, at: now };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (now - notification.at >= GIVE_UP_AFTER_MS) {
        this.options.log.error({ ...about, error: message }, 'notification given up after a day');
        return { kind: 'failed' as const, error: message };
      }
      const at = now + retryDelay(notification.attempts);
      this.options.log.warn(
        { ...about, error: message, retryAt: new Date(at).toISOString() },
        `notification by ${notification.channel} failed; will retry`,
      );
      return { kind: 'retry' as const, at, error: message };
    }
  }
}
