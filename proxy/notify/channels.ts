/**
 * The two ways a notification leaves: an email through the firm's mail server (nodemailer),
 * with a lead's files attached (or the visitor's confirmation or saved enquiry's email, to the
 * visitor), and a webhook
 * call signed as Standard Webhooks sign them (and, for one release, with the old
 * `X-Enquiry-Form-Signature` too). Each send either resolves (sent) or throws (retried by the
 * notifier).
 */
import { createHmac } from 'node:crypto';
import { createTransport } from 'nodemailer';
import { readAll } from '../client/byte-source.ts';
import type { Channel } from '../outbox/notification.ts';
import type { FileSource, OperatorView } from '../outbox/store.ts';
import { signedHeaders } from '../webhooks/signing.ts';
import {
  invitationMethod,
  isCallChange,
  isLeadEvent,
  isVisitorEvent,
  type CallInvitation,
  type NotifyEvent,
} from './events.ts';
import { noticeText } from './lead-notice.ts';
import { messageText, type CaseTypeLabel } from './messages.ts';

/** Attachments of one email, together, at most (mail servers refuse more, after base64). */
const ATTACHMENT_BUDGET_BYTES = 15 * 1024 * 1024;

/**
 * Sends one event on one channel. `id` names the notification: the same on every retry, so a
 * receiver can tell a retry from a new event.
 */
export type Send = (event: NotifyEvent, id: string) => Promise<void>;

/** What the email channel needs. */
export interface EmailOptions {
  smtpUrl: string;
  from: string;
  /** The firm's addresses (`NOTIFY_EMAIL`); absent when the channel only sends confirmations. */
  to?: string[];
  /** The sender of visitors' confirmations (`CONFIRMATION_FROM`); absent: none are sent. */
  confirmationFrom?: string;
  /** Where a lead's files are read from. */
  store: Pick<OperatorView, 'get'> & FileSource;
  /** A case type's label from the form configuration, so the email names it as visitors saw it. */
  caseTypeLabel?: CaseTypeLabel;
  /** How long the mail server may stay silent: to connect, to greet, mid-conversation. */
  timeoutMs?: number;
  /**
   * A booked call's invitation as iCalendar, with its METHOD (`booking/event-ical.ts`, handed
   * down by the wiring: this floor writes no calendar itself); without it, a visitor's email goes
   * without one.
   */
  invitationText?: (
    invitation: CallInvitation & { organizer: string },
    method: 'REQUEST' | 'CANCEL',
  ) => string;
}

/** The email channel: a lead's undelivered files attached, within the budget. */
export function emailChannel(options: EmailOptions): Send {
  // Short: a mail server that accepts and never answers holds a send this long, each try.
  const timeout = options.timeoutMs ?? 10_000;
  const transport = createTransport({
    url: options.smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  // The same Message-ID on every try: a send repeated after a crash is the same message.
  const messageId = (id: string, from: string) =>
    `<${id.replace(/[^\w.-]/g, '.')}@${domainOf(from)}>`;
  return async (event, id) => {
    if (isVisitorEvent(event)) {
      if (!options.confirmationFrom) throw new Error('CONFIRMATION_FROM is not set');
      const { subject, text, html, to } = event;
      const method = invitationMethod(event);
      const invitation = 'invitation' in event ? event.invitation : undefined;
      const organizer = invitation?.organizer;
      await transport.sendMail({
        from: options.confirmationFrom,
        to,
        subject,
        text,
        html,
        messageId: messageId(id, options.confirmationFrom),
        // nodemailer's own: the invitation as a text/calendar alternative and attachment, as
        // calendar programs look for it (with the METHOD in its Content-Type).
        ...(method && invitation && organizer && options.invitationText
          ? {
              icalEvent: {
                method,
                filename: 'invitation.ics',
                content: options.invitationText({ ...invitation, organizer }, method),
              },
            }
          : {}),
      });
      return;
    }
    if (event.event === 'notice' || isCallChange(event)) {
      const { subject, text } = isCallChange(event) ? event : noticeText(event);
      await transport.sendMail({
        from: options.from,
        to: event.to,
        subject,
        text,
        messageId: messageId(id, options.from),
      });
      return;
    }
    if (!options.to) throw new Error('NOTIFY_EMAIL is not set');
    const attachments: { filename: string; content: Buffer; contentType: string }[] = [];
    const notAttached: string[] = [];
    if (isLeadEvent(event)) {
      const submission = await options.store.get(event.reference);
      let budget = ATTACHMENT_BUDGET_BYTES;
      for (const file of event.files.filter((each) => !each.delivered)) {
        if (!submission || file.size > budget) {
          notAttached.push(file.name);
          continue;
        }
        const content = Buffer.from(
          await readAll(await options.store.fileSource(submission.id, file.index)),
        );
        attachments.push({ filename: file.name, content, contentType: file.mime });
        budget -= file.size;
      }
    }
    const { subject, text } = messageText(event, notAttached, options.caseTypeLabel);
    await transport.sendMail({ from: options.from, to: options.to, subject, text, attachments });
  };
}

/** The domain of a sender like `Firm <confirm@firm.example>`, for Message-IDs. */
const domainOf = (from: string) => /@([\w.-]+)/.exec(from)?.[1] ?? 'enquiry-form.invalid';

/**
 * The old signature header's value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`.
 * Deprecated (it signs no message id): sent beside the Standard Webhooks headers for one
 * release, then dropped (docs/webhooks.md).
 */
function webhookSignature(secret: string, body: string, at: number): string {
  const t = Math.floor(at / 1000);
  const mac = createHmac('sha256', secret)
    .update(`${String(t)}.${body}`)
    .digest('hex');
  return `t=${String(t)},v1=${mac}`;
}

/** What the webhook channel needs. */
export interface WebhookOptions {
  url: string;
  secret: string;
  now?: () => number;
  timeoutMs?: number;
}

/** The webhook channel: POST the event as JSON; anything but 2xx is a failure to retry. */
export function webhookChannel(options: WebhookOptions): Send {
  const now = options.now ?? Date.now;
  return async (event, id) => {
    const body = JSON.stringify(event);
    const at = now();
    const response = await fetch(options.url, {
      method: 'POST',
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'enquiry-form',
        'X-Enquiry-Form-Event': event.event,
        'X-Enquiry-Form-Delivery': id,
        'X-Enquiry-Form-Signature': webhookSignature(options.secret, body, at),
        ...signedHeaders(options.secret, id, at, body),
      },
    });
    await response.body?.cancel();
    if (response.status < 200 || response.status > 299)
      throw new Error(`the webhook answered ${String(response.status)}`);
  };
}

/** The channels configured, by name. */
export type Channels = Partial<Record<Channel, Send>>;

/** The environment's notification settings (`notify-env.ts` checks them; `env.ts` holds them). */
export interface NotifySettings {
  SMTP_URL?: string | undefined;
  NOTIFY_EMAIL?: string[] | undefined;
  NOTIFY_FROM: string;
  NOTIFY_WEBHOOK_URL?: string | undefined;
  NOTIFY_WEBHOOK_SECRET?: string | undefined;
  CONFIRMATION_FROM?: string | undefined;
}

/**
 * Whether the environment has an email channel: a mail server, and somebody it writes for (the
 * firm's `NOTIFY_EMAIL`, or visitors' `CONFIRMATION_FROM`; `notify-env.ts` refuses `SMTP_URL`
 * without either). Hosts' and teams' notices are queued only where it has: one test for both.
 */
export const emailChannelOn = (
  env: Pick<NotifySettings, 'SMTP_URL' | 'NOTIFY_EMAIL' | 'CONFIRMATION_FROM'>,
): env is typeof env & { SMTP_URL: string } =>
  Boolean(env.SMTP_URL && (env.NOTIFY_EMAIL || env.CONFIRMATION_FROM));

/** The channels the environment configures, if any. */
export function notifyChannels(
  env: NotifySettings,
  store: EmailOptions['store'],
  caseTypeLabel?: CaseTypeLabel,
  invitationText?: EmailOptions['invitationText'],
): Channels {
  return {
    ...(emailChannelOn(env)
      ? {
          email: emailChannel({
            smtpUrl: env.SMTP_URL,
            from: env.NOTIFY_FROM,
            ...(env.NOTIFY_EMAIL ? { to: env.NOTIFY_EMAIL } : {}),
            ...(env.CONFIRMATION_FROM ? { confirmationFrom: env.CONFIRMATION_FROM } : {}),
            store,
            ...(caseTypeLabel ? { caseTypeLabel } : {}),
            ...(invitationText ? { invitationText } : {}),
          }),
        }
      : {}),
    ...(env.NOTIFY_WEBHOOK_URL && env.NOTIFY_WEBHOOK_SECRET
      ? {
          webhook: webhookChannel({
            url: env.NOTIFY_WEBHOOK_URL,
            secret: env.NOTIFY_WEBHOOK_SECRET,
          }),
        }
      : {}),
  };
}
