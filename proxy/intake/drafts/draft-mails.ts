/**
 * A saved enquiry's emails as the outbox queues them: written in the visitor's language
 * (`notify/draft-emails.ts`), keyed so that they go with their draft, and counted against the
 * configuration's `drafts.limits` in the save's or the code's transaction
 * (`outbox/machine/drafts.ts`).
 *
 * Saves and codes are counted apart, so that nobody's saves keep a visitor from what they saved:
 * - a link (a save) counts against its mailbox's day, its client's hour and the hour's ceiling
 *   for everybody, half of which is kept for clients saving for the first time in the hour: ten
 *   addresses saving again and again cannot spend it all;
 * - a code counts against its mailbox's day of codes alone (besides the draft id's own five in
 *   half an hour, `draft-deps.ts`): a code goes only to the mailbox a draft was saved for, and
 *   every draft was a save counted against the ceiling, so the ceiling bounds codes too without
 *   counting them.
 */
import { randomBytes } from 'node:crypto';
import { isEnglish } from '../../contract/strings/catalogue.ts';
import { wordingFor } from '../../http/form-language.ts';
import {
  draftCodeMail,
  draftLink,
  draftLinkMail,
  reminderMail,
  type DraftMailFacts,
} from '../../notify/draft-emails.ts';
import type { DraftMailEvent } from '../../notify/events.ts';
import type { ConfirmationRequest } from '../../outbox/receipt.ts';
import { mailboxOf } from '../../outbox/mailbox.ts';
import { DEFAULT_LIMITS } from '../../contract/schemas/drafts.ts';
import { opensReminders } from '../../notify/drafts-state.ts';
import type { DraftRouteDeps } from './draft-deps.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Who an email goes to, about which draft, asked by which client, when. */
export interface DraftMailTo {
  id: string;
  to: string;
  /** The language the visitor reads the form in, as the widget names it. */
  lang: string | undefined;
  client: string;
  now: number;
}

type MailDeps = Pick<DraftRouteDeps, 'form' | 'secrets'>;

/** The words, language and time zone of an email to a visitor reading `lang`. */
function factsFor(deps: MailDeps, lang: string | undefined): DraftMailFacts {
  const form = deps.form.current();
  const wording = wordingFor(form, lang);
  const confirmation = form.config.confirmation;
  return {
    // English as the firm writes its dates (`en-GB`, from its confirmation), else the visitor's.
    lang: isEnglish(wording.lang) ? (confirmation?.lang ?? 'en-GB') : wording.lang,
    words: wording.words,
    timeZone: confirmation?.timeZone ?? 'Europe/London',
  };
}

/**
 * The configuration's `drafts.limits`; without `drafts`, the defaults while its unfinished
 * enquiries offer a reminder (whose link opens with a code, as a saved enquiry's does), else
 * none at all.
 */
function limitsOf(deps: MailDeps) {
  const config = deps.form.current().config;
  if (config.drafts) return config.drafts.limits;
  if (opensReminders(config)) return DEFAULT_LIMITS;
  return { perAddressPerDay: 0, perClientPerHour: 0, perHour: 0 };
}

/** The email `mail` of kind `kind` to `who`, counted against `quotas`. */
function queued(
  deps: MailDeps,
  who: DraftMailTo,
  kind: DraftMailEvent['event'],
  mail: Omit<DraftMailEvent, 'event' | 'to'>,
  quotas: ConfirmationRequest['quotas'],
): ConfirmationRequest {
  const payload: DraftMailEvent = { event: kind, to: who.to, ...mail };
  return {
    notification: {
      key: `${deps.secrets.emailKeyOf(who.id)}${kind}:${String(who.now)}:${randomBytes(4).toString('hex')}`,
      channel: 'email',
      kind,
      payload,
      at: who.now,
    },
    quotas,
  };
}

/** A save's quotas: its mailbox's day, its client's hour, and everybody's hour. */
function saveQuotas(deps: MailDeps, who: DraftMailTo): ConfirmationRequest['quotas'] {
  const limits = limitsOf(deps);
  const client = deps.secrets.quotaSubject('client', who.client);
  return [
    {
      subject: deps.secrets.quotaSubject('address', mailboxOf(who.to)),
      windowMs: DAY_MS,
      limit: limits.perAddressPerDay,
    },
    { subject: client, windowMs: HOUR_MS, limit: limits.perClientPerHour },
    {
      subject: 'drafts-everybody',
      windowMs: HOUR_MS,
      limit: limits.perHour,
      keep: { count: Math.floor(limits.perHour / 2), firstOf: client },
    },
  ];
}

/**
 * An unfinished enquiry's one reminder (`../unfinished/unfinished-reminders.ts`): its link, to
 * the sealed copy `who.id` on `link.page`, counted against its mailbox's day of links as a save
 * is (a reminder is sent by the proxy, not asked for by a client, so no client's hour counts it).
 */
export function reminderEmail(
  deps: MailDeps,
  who: DraftMailTo,
  link: { page: string; key: string; expiresAt: number },
): ConfirmationRequest {
  const mail = reminderMail(
    factsFor(deps, who.lang),
    draftLink(link.page, who.id, link.key),
    link.expiresAt,
  );
  const quota = {
    subject: deps.secrets.quotaSubject('address', mailboxOf(who.to)),
    windowMs: DAY_MS,
    limit: limitsOf(deps).perAddressPerDay,
  };
  return queued(deps, who, 'draft.reminder', mail, [quota]);
}

/** The end of the day a code's quota counts in: when a code refused by it may be asked again. */
export const codesAgainAt = (now: number): number => (Math.floor(now / DAY_MS) + 1) * DAY_MS;

/** The email with the draft's link: `page` with the id and `key` in its fragment. */
export function linkEmail(
  deps: MailDeps,
  who: DraftMailTo,
  link: { page: string; key: string; expiresAt: number },
): ConfirmationRequest {
  const mail = draftLinkMail(
    factsFor(deps, who.lang),
    draftLink(link.page, who.id, link.key),
    link.expiresAt,
  );
  return queued(deps, who, 'draft.link', mail, saveQuotas(deps, who));
}

/** The email with a code, counted against its mailbox's codes of the day (`codesAgainAt`). */
export function codeEmail(deps: MailDeps, who: DraftMailTo, code: string): ConfirmationRequest {
  const quota = {
    subject: deps.secrets.quotaSubject('codes-address', mailboxOf(who.to)),
    windowMs: DAY_MS,
    limit: limitsOf(deps).perAddressPerDay,
  };
  return queued(deps, who, 'draft.code', draftCodeMail(factsFor(deps, who.lang), code), [quota]);
}
