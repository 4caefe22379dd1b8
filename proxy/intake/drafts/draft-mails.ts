/**
 * A saved enquiry's emails as the outbox queues them: written in the visitor's language
 * (`notify/draft-emails.ts`), keyed so that they go with their draft, and counted against the
 * configuration's `drafts.limits` per mailbox, per client and for everybody, in the save's or
 * the code's transaction (`outbox/machine/drafts.ts`).
 */
import { randomBytes } from 'node:crypto';
import { isEnglish } from '../../contract/strings/catalogue.ts';
import { wordingFor } from '../../http/form-language.ts';
import {
  draftCodeMail,
  draftLink,
  draftLinkMail,
  type DraftMailFacts,
} from '../../notify/draft-emails.ts';
import type { DraftMailEvent } from '../../notify/events.ts';
import type { ConfirmationRequest } from '../../outbox/receipt.ts';
import { mailboxOf } from '../../outbox/mailbox.ts';
import type { DraftRouteDeps } from './draft-deps.ts';

const HOUR_MS = 3_600_000;

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

/** The email `mail` of kind `kind` to `who`, within the quotas. */
function queued(
  deps: MailDeps,
  who: DraftMailTo,
  kind: DraftMailEvent['event'],
  mail: Omit<DraftMailEvent, 'event' | 'to'>,
): ConfirmationRequest {
  const limits = deps.form.current().config.drafts?.limits ?? {
    perAddressPerDay: 0,
    perClientPerHour: 0,
    perHour: 0,
  };
  const payload: DraftMailEvent = { event: kind, to: who.to, ...mail };
  const { secrets } = deps;
  return {
    notification: {
      key: `${secrets.emailKeyOf(who.id)}${kind}:${String(who.now)}:${randomBytes(4).toString('hex')}`,
      channel: 'email',
      kind,
      payload,
      at: who.now,
    },
    quotas: [
      {
        subject: secrets.quotaSubject('address', mailboxOf(who.to)),
        windowMs: 24 * HOUR_MS,
        limit: limits.perAddressPerDay,
      },
      {
        subject: secrets.quotaSubject('client', who.client),
        windowMs: HOUR_MS,
        limit: limits.perClientPerHour,
      },
      { subject: 'drafts-everybody', windowMs: HOUR_MS, limit: limits.perHour },
    ],
  };
}

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
  return queued(deps, who, 'draft.link', mail);
}

/** The email with a code. */
export function codeEmail(deps: MailDeps, who: DraftMailTo, code: string): ConfirmationRequest {
  return queued(deps, who, 'draft.code', draftCodeMail(factsFor(deps, who.lang), code));
}
