/**
 * The configuration's `confirmation` block: the visitor's copy of the enquiry, by email, with
 * its receipt code (see docs/confirmation-email.md). Proxy only (zod).
 */
import { z } from 'zod';
import type { Strings } from '../strings/english.ts';
import { EMAIL_STRINGS } from '../strings/proxy-words.ts';
import { languageTag, text } from './common.ts';

/** A key of the email's own words, as `confirmation.strings` names it. */
export type ConfirmationStringKey = keyof typeof EMAIL_STRINGS extends `confirmation.${infer Key}`
  ? Key
  : never;

const EMAIL_KEYS = Object.keys(EMAIL_STRINGS).map((key) => key.replace(/^confirmation\./, '')) as [
  ConfirmationStringKey,
  ...ConfirmationStringKey[],
];

/**
 * The email's own words in a language's strings (`strings/proxy-words.ts` has the English, every
 * language lists them as `confirmation.<key>`), by their keys in `confirmation.strings`, which
 * overrides any of them in the form's configuration.
 *
 * @example emailWords(WELSH).reference // 'Eich cyfeirnod'
 */
export function emailWords(strings: Pick<Strings, `confirmation.${ConfirmationStringKey}`>) {
  return Object.fromEntries(
    EMAIL_KEYS.map((key) => [key, strings[`confirmation.${key}`]]),
  ) as Record<ConfirmationStringKey, string>;
}

/** How many confirmations a form allows when it says nothing (`npm start`'s demo says more). */
export const CONFIRMATION_LIMIT_DEFAULTS = Object.freeze({
  perAddressPerDay: 2,
  perClientPerHour: 2,
  perHour: 50,
});

/** How many confirmations a window allows: 0 sends none. */
const allowance = (fallback: number) => z.number().int().min(0).max(1000).default(fallback);

/** The visitor's copy, and how often one address or one client may be sent one. */
export const confirmationSchema = z.strictObject({
  subject: text(200),
  /** The firm's words at the top of the email. */
  intro: text(5000),
  /** Each visible question's label and answer, and each file's name (never a file). */
  includeAnswers: z.boolean().default(false),
  /** Only visitors who tick "Send me a copy" get one. */
  optIn: z.boolean().default(false),
  /**
   * A form can be used to send email to someone else's address: at most this many per mailbox
   * per day (however its address is spelt), per client (address of the connection) per hour,
   * and for everybody together per hour (the firm is told when that ceiling is reached).
   */
  limits: z
    .strictObject({
      perAddressPerDay: allowance(CONFIRMATION_LIMIT_DEFAULTS.perAddressPerDay),
      perClientPerHour: allowance(CONFIRMATION_LIMIT_DEFAULTS.perClientPerHour),
      perHour: allowance(CONFIRMATION_LIMIT_DEFAULTS.perHour),
    })
    .default({ ...CONFIRMATION_LIMIT_DEFAULTS }),
  /**
   * The form's language (BCP 47): the email's `lang`, and how the time is written; a visitor
   * who read the form in another of its languages gets theirs.
   */
  lang: languageTag.default('en-GB'),
  /** The time zone the time received is written in (IANA name). */
  timeZone: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone like Europe/London')
    .default('Europe/London'),
  /** The email's own words, overriding the product's in the form's language (each translatable). */
  strings: z.partialRecord(z.enum(EMAIL_KEYS), text(500)).default({}),
});

/** A parsed `confirmation` block. */
export type ConfirmationConfig = z.output<typeof confirmationSchema>;
