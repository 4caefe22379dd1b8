/**
 * The environment of notifications (part of the proxy's, see `env.ts`): where the firm's email
 * and webhook go, and when a waiting lead is worth an alert.
 */
import { z } from 'zod';
import { commaList, integer, secureUrl } from '../env-values.ts';

const emails = commaList(z.email({ error: 'must be email addresses, separated by commas' })).pipe(
  z.array(z.string()).min(1),
);

/** The notification variables, as `env.ts` adds them to the proxy's schema. */
export const notifyEnvShape = {
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'must be a URL like smtps://user:password@smtp.example.com:465',
    })
    .optional()
    .describe(
      'Mail server for notifications (or `SMTP_URL_FILE`), e.g. `smtps://user:password@smtp.example.com:465`; `smtp://` uses STARTTLS when offered.',
    ),
  NOTIFY_EMAIL: emails
    .optional()
    .describe(
      'Who is told, by email, of each lead that could not be delivered (with its fields and files) and of alerts; comma-separated. Needs `SMTP_URL`.',
    ),
  NOTIFY_FROM: z
    .string()
    .min(3)
    .default('enquiry-form <enquiry-form@localhost>')
    .describe('The sender of notification emails.'),
  CONFIRMATION_FROM: z
    .string()
    .regex(/@[\w-]+(\.[\w-]+)+>?$/, {
      error: 'must be an address, like Firm <enquiries@firm.example>',
    })
    .optional()
    .describe(
      'The sender of the confirmation email each visitor gets (with `SMTP_URL` and `confirmation` in the form configuration), e.g. `Firm <enquiries@firm.example>`.',
    ),
  NOTIFY_WEBHOOK_URL: secureUrl('must be a URL')
    .optional()
    .describe(
      'Receives the same events as JSON (POST), signed as Standard Webhooks sign them (`webhook-id`, `webhook-timestamp`, `webhook-signature`; the old `X-Enquiry-Form-Signature` is sent too, for one release); retried until it answers 2xx. See docs/webhooks.md.',
    ),
  NOTIFY_WEBHOOK_SECRET: z
    .string()
    .min(16, { error: 'must be at least 16 characters' })
    .optional()
    .describe(
      'HMAC-SHA256 key of the webhook signature, at least 16 characters (or `NOTIFY_WEBHOOK_SECRET_FILE`): a `whsec_…` secret is read as Standard Webhooks read it, any other as its UTF-8 bytes. Required with `NOTIFY_WEBHOOK_URL`.',
    ),
  ALERT_QUEUED_AFTER_MS: integer(3_600_000, 1000).describe(
    'An alert is sent when the oldest waiting enquiry has waited this long.',
  ),
  ALERT_OUTAGE_OVER_AFTER_MS: integer(600_000, 1000).describe(
    'The platform down is told as over once it has answered this long: failing again sooner is the same outage, so a platform that comes and goes is two emails, not two each time.',
  ),
};

/** Notification variables that only make sense together: one problem per missing partner. */
export function notifyEnvProblems(values: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (values.SMTP_URL && !values.NOTIFY_EMAIL && !values.CONFIRMATION_FROM)
    problems.push(
      'NOTIFY_EMAIL: required when SMTP_URL is set (who gets the emails), unless it only sends confirmations (CONFIRMATION_FROM)',
    );
  if (values.CONFIRMATION_FROM && !values.SMTP_URL)
    problems.push('SMTP_URL: required when CONFIRMATION_FROM is set (how confirmations are sent)');
  if (values.NOTIFY_EMAIL && !values.SMTP_URL)
    problems.push('SMTP_URL: required when NOTIFY_EMAIL is set (how the emails are sent)');
  if (values.NOTIFY_WEBHOOK_URL && !values.NOTIFY_WEBHOOK_SECRET)
    problems.push('NOTIFY_WEBHOOK_SECRET: required when NOTIFY_WEBHOOK_URL is set (to sign it)');
  return problems;
}
