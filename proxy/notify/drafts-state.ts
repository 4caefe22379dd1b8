/**
 * Whether the form offers "Save and continue later": the configuration asks for it (`drafts`)
 * and the environment can send its emails (`SMTP_URL`, `CONFIRMATION_FROM`), as a saved enquiry
 * that no email leads back to would be lost. Said at start (a warning when only half is there);
 * each version published later is asked again (`offersSaving`).
 */
import type { FormConfig } from '../contract/schemas/form-config.ts';
import type { NotifySettings } from './channels.ts';
import { mailerMissing } from './confirmations-state.ts';

/**
 * Whether the version served offers saving now: its configuration asks for it (`drafts`) and the
 * proxy can carry it (`carried`: the app's drafts part, given when the mailer can send). Asked of
 * each version, so that one published from the studio turns saving on or off without a restart.
 */
export const offersSaving = (carried: object | undefined, config: Pick<FormConfig, 'drafts'>) =>
  carried !== undefined && config.drafts !== undefined;

/**
 * Whether the version served lets a saved enquiry be opened without offering saving: its
 * unfinished enquiries offer the one reminder, whose link opens as a saved enquiry's does
 * (`intake/unfinished/unfinished-reminders.ts`), with a code to the visitor's address.
 */
export const opensReminders = (config: Pick<FormConfig, 'unfinished'>) =>
  config.unfinished?.remindAfterHours !== undefined;

/** On, or off and why, in one line (said at start, of the version served then). */
export function draftsState(
  env: Pick<NotifySettings, 'SMTP_URL' | 'CONFIRMATION_FROM'> & { DRAFT_EXPIRY_DAYS: number },
  config: Pick<FormConfig, 'drafts'>,
): { on: boolean; why: string } {
  const missing = mailerMissing(env);
  if (!config.drafts)
    return {
      on: false,
      why: 'Save and continue later: off (the form configuration has no "drafts")',
    };
  if (missing.length > 0)
    return {
      on: false,
      why: `Save and continue later: off, although the form configuration asks for it (${missing.join(' and ')} not set, and its link goes by email)`,
    };
  const { limits } = config.drafts;
  return {
    on: true,
    why: `Save and continue later: on, links from ${env.CONFIRMATION_FROM ?? ''} kept ${String(env.DRAFT_EXPIRY_DAYS)} days; at most ${String(limits.perAddressPerDay)} saves and ${String(limits.perAddressPerDay)} codes per mailbox a day, ${String(limits.perClientPerHour)} saves per client an hour and ${String(limits.perHour)} saves an hour in all`,
  };
}
