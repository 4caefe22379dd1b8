/**
 * Every string the visitor can see or hear, in English, in one block. A site owner overrides any
 * of them with the element's `i18n` property; validation strings share their keys and
 * `{placeholders}` with the contract's `VALIDATION_MESSAGES`, so one translation serves both the
 * widget's own checks and the proxy's answers.
 */
import { VALIDATION_MESSAGES, formatBytes, formatMessage, type MessageParams } from '#contract';

/** Every visible or audible string, in English; `i18n` overrides any of them. */
export const DEFAULT_STRINGS = Object.freeze({
  ...VALIDATION_MESSAGES,
  'turnstile_token.required': 'Complete the security check',
  challengeFailed:
    'The security check could not be loaded. Check your connection or turn off any content blocker for this site, then try again.',
  challengeRetry: 'Try again',

  loading: 'Loading the form…',
  loadFailed: 'Sorry, the form could not be loaded. Check your connection, then try again.',
  notAvailable: 'This form is not available on this page.',
  firmContact: 'You can also contact {name}:',
  reload: 'Try again',

  forename: 'First name',
  surname: 'Last name',
  email: 'Email address',
  telephone_mobile: 'Telephone number',
  case_type: 'What is your enquiry about?',
  chooseOption: 'Choose an option',
  optional: '(optional)',

  files: 'Attach files',
  filesHint: 'PDF, PNG, GIF or JPEG files, each up to {max}. You can attach up to {count}.',
  chooseFiles: 'Choose files',
  dropFiles: 'or drop files here',
  noFiles: 'No files chosen',
  removeFile: 'Remove',
  fileAdded: '{name} added',
  fileRemoved: '{name} removed',

  honeypot: 'Leave this field empty',
  submit: 'Send enquiry',
  sending: 'Sending your enquiry…',
  uploaded: 'Sent {percent}',
  waiting: 'Waiting for our team’s system to confirm…',

  errorSummaryTitle: 'There is a problem',
  errorPrefix: 'Error:',

  failedTitle: 'Your enquiry has not been sent yet',
  'failed.network':
    'The connection was lost. Check you are online, then try again. Everything you entered is still here.',
  'failed.server':
    'Sorry, there is a problem with our system. Try again in a few minutes. Everything you entered is still here.',
  'failed.rate-limited':
    'Too many enquiries have been sent from your connection. Try again {when}. Everything you entered is still here.',
  'failed.too-large':
    'Your files are too large to send together. Remove a file or choose smaller ones, then try again.',
  'failed.forbidden':
    'This website is not set up to send enquiries yet. Contact us another way, by phone or email.',
  'failed.rejected':
    'Our system could not accept your enquiry, so it has not reached our team. Contact us another way and quote your reference.',
  retryLater: 'later',
  retry: 'Try again',

  deliveredTitle: 'Enquiry sent',
  deliveredBody: 'Our team has received your enquiry.',
  queuedTitle: 'Enquiry received',
  queuedBody: 'Your enquiry is safely received. It will reach our team shortly.',
  reference: 'Your reference is',
});

/** A string's key. */
export type StringKey = keyof typeof DEFAULT_STRINGS;
/** A full set of strings. */
export type Strings = Readonly<Record<StringKey, string>>;
/** The `i18n` property: any subset of the strings. */
export type EnquiryFormStrings = Partial<Strings>;

/** Words and numbers in the visitor's language: the overrides over the defaults, and `Intl`. */
export class Translator {
  readonly #strings: Strings;

  readonly locale: string;

  constructor(overrides: EnquiryFormStrings | undefined, locale: string | undefined) {
    const strings: Record<string, string> = { ...DEFAULT_STRINGS };
    // Only strings replace strings: a page script's `{ forename: undefined }` keeps the default.
    for (const [key, text] of Object.entries(overrides ?? {})) {
      if (typeof text === 'string') strings[key] = text;
    }
    this.#strings = strings as Strings;
    this.locale = canonicalLocale(locale);
  }

  has(key: string): key is StringKey {
    return Object.hasOwn(this.#strings, key);
  }

  /** @example t.text('fileAdded', { name: 'scan.pdf' }) // 'scan.pdf added' */
  text(key: StringKey, params?: MessageParams): string {
    return formatMessage(this.#strings[key], params);
  }

  bytes(bytes: number): string {
    return formatBytes(bytes, this.locale);
  }

  /** 0.42 → "42%" (or the locale's way of writing it). */
  percent(fraction: number): string {
    return new Intl.NumberFormat(this.locale, { style: 'percent' }).format(fraction);
  }

  /** A wait in seconds as "in 2 minutes", rounded up to whole minutes past one minute. */
  after(seconds: number): string {
    const format = new Intl.RelativeTimeFormat(this.locale, { numeric: 'auto' });
    return seconds < 60
      ? format.format(Math.max(1, Math.ceil(seconds)), 'second')
      : format.format(Math.ceil(seconds / 60), 'minute');
  }
}

/** A well-formed language tag, or English: `Intl` throws on a malformed one. */
function canonicalLocale(tag: string | undefined): string {
  try {
    return Intl.getCanonicalLocales(tag || 'en')[0] ?? 'en';
  } catch {
    return 'en';
  }
}
