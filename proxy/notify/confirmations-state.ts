/**
 * Whether visitors get a confirmation email: the form configuration asks for one
 * (`confirmation`) and the environment can send it (`SMTP_URL`, `CONFIRMATION_FROM`). Said at
 * start (a warning when only half is there) and by `npm run proxy -- --check`.
 */
import type { FormConfig } from '../contract/schemas/form-config.ts';
import type { NotifySettings } from './channels.ts';

/** What the visitor's mailer lacks: `SMTP_URL`, `CONFIRMATION_FROM`, both or neither. */
export const mailerMissing = (env: Pick<NotifySettings, 'SMTP_URL' | 'CONFIRMATION_FROM'>) => [
  ...(env.SMTP_URL ? [] : ['SMTP_URL']),
  ...(env.CONFIRMATION_FROM ? [] : ['CONFIRMATION_FROM']),
];

/** On, or off and why, in one line. */
export function confirmationsState(
  env: Pick<NotifySettings, 'SMTP_URL' | 'CONFIRMATION_FROM'>,
  config: Pick<FormConfig, 'confirmation'>,
): { on: boolean; why: string } {
  const missing = mailerMissing(env);
  if (!config.confirmation)
    return {
      on: false,
      why: 'Confirmation emails: off (the form configuration has no "confirmation" block)',
    };
  if (missing.length > 0)
    return {
      on: false,
      why: `Confirmation emails: off, although the form configuration asks for them (${missing.join(' and ')} not set)`,
    };
  const { limits, optIn } = config.confirmation;
  return {
    on: true,
    why: `Confirmation emails: on, from ${env.CONFIRMATION_FROM ?? ''}${optIn ? ', to visitors who ask for a copy' : ''}; at most ${String(limits.perAddressPerDay)} per mailbox a day, ${String(limits.perClientPerHour)} per client an hour and ${String(limits.perHour)} an hour in all`,
  };
}
